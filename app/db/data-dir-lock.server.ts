import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

import { log } from "~/lib/log.server";

// PGlite does not lock its directory, and two processes writing one data directory corrupt it.
// An exclusive lock file naming its process stops a second server (or the admin command) from
// opening the directory while the first runs. A lock whose process is gone (killed, crashed) is
// taken over at the next start.

export class DataDirInUseError extends Error {
  name = "DataDirInUseError";
}

interface LockOwner {
  pid: number;
  /** When the process started (see processStart); absent where /proc is not (macOS). */
  started?: string;
  token: string;
}

const heldTokens = new Set<string>();

/** Takes the lock or throws DataDirInUseError; returns its release. */
export function acquireDirLock(lockFile: string): () => void {
  const own: LockOwner = {
    pid: process.pid,
    started: processStart(process.pid),
    token: randomBytes(8).toString("hex"),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, JSON.stringify(own));
      closeSync(fd);
      heldTokens.add(own.token);
      return () => {
        heldTokens.delete(own.token);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(lockFile);
      if (owner && isHeld(owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${path.dirname(lockFile)} is in use by process ${owner.pid}. ` +
            "Stop that process first, or point DATA_DIR elsewhere.",
          { cause: error },
        );
      }
      log.warn("stale lock taken over: the process that held the embedded database is gone", {
        lockFile,
        pid: owner?.pid,
      });
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

/** The lock's owner; null for a file left empty by a process killed between creating and writing it. */
function readOwner(lockFile: string): LockOwner | null {
  const text = readFileSync(lockFile, "utf8").trim();
  if (!text) return null;
  try {
    return JSON.parse(text) as LockOwner;
  } catch {
    // Written by an earlier version: "<pid> <token>".
    const [pid, token] = text.split(" ");
    return { pid: Number(pid), token: token ?? "" };
  }
}

/**
 * Whether the lock's process still runs. A pid alone is not enough: containers reuse pids, so
 * after a restart the dead server's pid may be ours, or that of another live process (npm in
 * front of us). The process's start (boot and start time) tells a reused pid from the owner.
 */
function isHeld(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return heldTokens.has(owner.token);
  if (!(owner.pid > 0) || !isRunning(owner.pid)) return false;
  const started = owner.started && processStart(owner.pid);
  // Where the start time cannot be read, a live pid is taken to be the owner: refusing is safe.
  return started ? started === owner.started : true;
}

/**
 * Whether `pid` names a running process. A killed process whose parent died with it stays a
 * zombie until init reaps it, which a container's minimal init may never do: signal 0 still
 * reaches a zombie, so its state in /proc (Z, or X while it is being reaped) settles it.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const state = procStat(pid)?.[0];
  return state !== "Z" && state !== "X";
}

/** The fields of /proc/<pid>/stat after the parenthesised command name (which may hold spaces); undefined where there is no /proc. */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/**
 * On Linux, the boot's id and the process's start time in clock ticks since boot (field 22 of
 * /proc/<pid>/stat): together they name one process of one boot. Undefined elsewhere.
 */
export function processStart(pid: number): string | undefined {
  const startTicks = procStat(pid)?.[19];
  if (!startTicks) return undefined;
  try {
    return `${readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim()}:${startTicks}`;
  } catch {
    return undefined;
  }
}
