import { execFile, execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// A throwaway PostgreSQL server for tests: initdb and pg_ctl on a temporary directory and a free
// port. It fails loudly when PostgreSQL is missing: the Postgres suite must never be skipped.

export interface PostgresServer {
  url: (database?: string) => string;
  /** Stops the server and removes its data directory. */
  stop: () => void;
  /** Stops the server as an administrator would (a fast shutdown), keeping its data directory and port. */
  halt: () => void;
  /** Starts a halted server again, on the same port and data directory. */
  restart: () => void;
}

function binDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, "bin");
    if (existsSync(path.join(dir, "initdb"))) return dir;
  }
  const fromPath = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromPath.status === 0) return fromPath.stdout.trim();
  throw new Error("PostgreSQL server binaries not found (install postgresql, or set PG_BIN_DIR).");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const root = mkdtempSync(path.join(tmpdir(), "agency-pg-"));
  const dataDir = path.join(root, "data");
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server as the postgres user, in a directory it owns.
  const asUser = (command: string, args: string[]): [string, string[]] => {
    if (!asRoot) return [command, args];
    const quoted = [command, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
    return ["su", ["postgres", "-s", "/bin/sh", "-c", quoted]];
  };
  const run = (command: string, args: string[]) => execFileSync(...asUser(command, args), { stdio: "pipe" });
  // The first start does not block the event loop: the caller can build a PGlite database meanwhile.
  const runAsync = (command: string, args: string[]) => promisify(execFile)(...asUser(command, args));
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chmodSync(root, 0o755);
    chownSync(root, uid, gid);
  }
  await runAsync(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const log = path.join(root, "server.log");
  // The port is found just before the server binds it, and found again if another process was faster.
  const startOn = (port: number) => [
    "-D",
    dataDir,
    "-l",
    log,
    "-o",
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    "-w",
    "start",
  ];
  let port = await freePort();
  for (let attempt = 1; ; attempt++) {
    try {
      await runAsync(path.join(bin, "pg_ctl"), startOn(port));
      break;
    } catch (error) {
      if (attempt === 3 || !readFileSync(log, "utf8").includes("Address already in use")) throw error;
      port = await freePort();
    }
  }
  const pgCtlStart = startOn(port);
  let halted = false;
  let stopped = false;
  return {
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    halt() {
      run(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      halted = true;
    },
    restart() {
      run(path.join(bin, "pg_ctl"), pgCtlStart);
      halted = false;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (!halted) run(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const out = execFileSync("id", ["postgres"], { encoding: "utf8" });
  const uid = Number(/uid=(\d+)/.exec(out)?.[1]);
  const gid = Number(/gid=(\d+)/.exec(out)?.[1]);
  if (Number.isNaN(uid) || Number.isNaN(gid)) throw new Error("No postgres user to run the test server as.");
  return { uid, gid };
}
