import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { isRunning } from "~/db/data-dir-lock.server";

import { freePort } from "./postgres-server";

// The production build (npm run build first), started as npm start and the container image start it
// and stopped as a container runtime stops it.

export const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The environment of a spawned server or command: the test runner's, less its NODE_ENV,
 * SESSION_SECRET and DATA_DIR. Under `npm run test:coverage` it writes its V8 coverage into
 * APP_V8_COVERAGE (only the app's processes, not the test runners').
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _n, SESSION_SECRET: _s, DATA_DIR: _d, APP_V8_COVERAGE: coverageDir, ...inherited } = process.env;
  return coverageDir ? { ...inherited, NODE_V8_COVERAGE: coverageDir } : inherited;
}

export interface RunningServer {
  child: ChildProcess;
  url: string;
  /** Everything the server printed so far, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * What `npm start` runs, without npm and cross-env in front of it (two more Node processes, half a
 * second of each start): node with its flags, and the variables cross-env sets. The container image
 * runs the same (tests/production/container.test.ts); tests/production/smoke.test.ts runs npm start.
 */
function npmStartCommand(): { command: string[]; env: Record<string, string> } {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const match = /^cross-env ((?:\w+=\S+ )+)(node .*)$/.exec(scripts.start);
  if (!match)
    throw new Error(`package.json's start script is not "cross-env VAR=value ... node ...": ${scripts.start}`);
  const [, assignments, command] = match;
  return {
    command: command.split(" "),
    env: Object.fromEntries(
      assignments
        .trim()
        .split(" ")
        .map((assignment) => assignment.split("=")),
    ),
  };
}

export interface StartOptions {
  /** The command (npm start's node command by default), from the repository root unless `cwd` says otherwise. */
  command?: string[];
  cwd?: string;
}

/** Spawns the server in a process group of its own and waits until /healthz answers 200. */
export async function startBuiltServer(
  env: Record<string, string>,
  options: StartOptions = {},
): Promise<RunningServer> {
  const start = options.command ? { command: options.command, env: {} } : npmStartCommand();
  const [command, ...args] = start.command;
  return startListening((port) =>
    spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      detached: true,
      env: { ...inheritedEnv(), ...start.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    }),
  );
}

/**
 * Starts a server with `spawnOn(port)` on a port that was free a moment ago, and waits until it
 * says it listens and /healthz answers 200. Another test file's server may take the port first:
 * this one then exits with EADDRINUSE and starts again on another port. Until its own "listening"
 * line, a /healthz answer on the port may be that other server's.
 */
export async function startListening(
  spawnOn: (port: number) => ChildProcess,
  timeoutMs = 90_000,
): Promise<RunningServer & { port: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const port = await freePort();
    let output = "";
    const child = spawnOn(port);
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const closed = new Promise((resolve) => child.on("close", resolve));
    const url = `http://127.0.0.1:${port}`;
    while (child.exitCode === null && child.signalCode === null) {
      const healthy =
        output.includes('"msg":"listening"') &&
        (await fetch(`${url}/healthz`).then(
          (response) => response.ok,
          () => false,
        ));
      if (healthy) return { child, url, port, output: () => output, exited };
      if (Date.now() > deadline) {
        process.kill(-child.pid!, "SIGKILL");
        throw new Error(`server did not become healthy:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // What it printed last may still be on its way when it has exited.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
    if (!output.includes("EADDRINUSE") || Date.now() > deadline) throw new Error(`server exited early:\n${output}`);
  }
}

/**
 * Sends SIGTERM to the server's process group, as a container runtime would, and waits until
 * node itself (not only npm in front of it) has exited. Returns npm's or node's exit code.
 */
export async function stopBuiltServer(server: RunningServer): Promise<number | null> {
  const pid = Number(/"msg":"listening","pid":(\d+)/.exec(server.output())?.[1]);
  // A server that ended on its own (a crash) is a failure of its own: say so, with what it printed.
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    throw new Error(`the server had already exited:\n${server.output()}`);
  }
  process.kill(-server.child.pid!, "SIGTERM");
  const code = await server.exited;
  const deadline = Date.now() + 15_000;
  while (pid && isRunning(pid)) {
    if (Date.now() > deadline) throw new Error("the server did not exit after SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return code;
}

/**
 * Runs a command to its end (e.g. `npm run admin -- ...`), with `stdin` as its standard input, and
 * returns its exit code and output.
 */
export async function runCommand(
  command: string[],
  env: Record<string, string>,
  stdin = "",
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command[0], command.slice(1), { cwd: ROOT, env: { ...inheritedEnv(), ...env } });
  child.stdin.end(stdin);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stdout, stderr };
}
