import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, afterEach, describe, expect, it } from "vitest";

import { acquireDirLock, DataDirInUseError, processStart } from "./data-dir-lock.server";

// Crash safety: a lock left by a killed server is taken over at the next start; a lock
// held by a running server is respected, even when the pid in it has since been reused.

const dir = mkdtempSync(path.join(tmpdir(), "agency-lock-"));
const lockFile = path.join(dir, "pglite.lock");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const children: ChildProcess[] = [];
afterEach(() => {
  children.splice(0).forEach((child) => child.kill("SIGKILL"));
  rmSync(lockFile, { force: true });
});

/** A live process that is not a server, and its pid. */
async function liveProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
  children.push(child);
  await new Promise((resolve) => child.once("spawn", resolve));
  return child as ChildProcess & { pid: number };
}

async function deadPid(): Promise<number> {
  const child = await liveProcess();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  return child.pid;
}

/** Takes the lock over: the file then names this process, and is gone once released. */
function expectTakenOver() {
  const release = acquireDirLock(lockFile);
  expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({
    pid: process.pid,
    started: processStart(process.pid),
  });
  release();
  expect(existsSync(lockFile)).toBe(false);
}

describe("the DATA_DIR lock", () => {
  it("names this process while held, refuses a second holder, and is gone once released", () => {
    const release = acquireDirLock(lockFile);
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({ pid: process.pid });
    expect(() => acquireDirLock(lockFile)).toThrow(DataDirInUseError);
    expect(() => acquireDirLock(lockFile)).toThrow(`in use by process ${process.pid}`);
    release();
    expect(existsSync(lockFile)).toBe(false);
    acquireDirLock(lockFile)();
  });

  it("is refused while the process that wrote it runs, and taken over once it is killed", async () => {
    const owner = await liveProcess();
    const lock = JSON.stringify({ pid: owner.pid, started: processStart(owner.pid), token: "t" });
    writeFileSync(lockFile, lock);
    expect(() => acquireDirLock(lockFile)).toThrow(`in use by process ${owner.pid}`);
    expect(readFileSync(lockFile, "utf8")).toBe(lock);

    const exited = new Promise((resolve) => owner.once("exit", resolve));
    owner.kill("SIGKILL");
    await exited;
    const release = acquireDirLock(lockFile);
    expect(JSON.parse(readFileSync(lockFile, "utf8"))).toMatchObject({ pid: process.pid });
    release();
  });

  it("is taken over when its process was killed and lingers as a zombie no one reaps", async () => {
    // The shell becomes `sleep 30`, which never waits for the child it started: once that child
    // exits, it stays a zombie, as a server killed with its parents does under a minimal init.
    const parent = spawn("sh", ["-c", "sleep 0.1 & echo $!; exec sleep 30"]);
    children.push(parent);
    const zombie = Number(
      await new Promise<string>((resolve) => parent.stdout.once("data", (chunk) => resolve(String(chunk)))),
    );
    const started = processStart(zombie);
    await expect.poll(() => readFileSync(`/proc/${zombie}/stat`, "utf8")).toMatch(/^\d+ \(sleep\) Z /);
    writeFileSync(lockFile, JSON.stringify({ pid: zombie, started, token: "t" }));
    expectTakenOver();
  });

  it("is taken over when its pid now belongs to another process, started after the lock's", async () => {
    const other = await liveProcess();
    writeFileSync(lockFile, JSON.stringify({ pid: other.pid, started: `${processStart(other.pid)}0`, token: "t" }));
    expectTakenOver();
  });

  it("of an earlier version (pid and token) is refused while its pid runs and taken over once not", async () => {
    const owner = await liveProcess();
    writeFileSync(lockFile, `${owner.pid} abc`);
    expect(() => acquireDirLock(lockFile)).toThrow(DataDirInUseError);
    writeFileSync(lockFile, `${await deadPid()} abc`);
    expectTakenOver();
  });

  it("is taken over when left empty by a process killed before it wrote its name", () => {
    writeFileSync(lockFile, "");
    expectTakenOver();
  });
});
