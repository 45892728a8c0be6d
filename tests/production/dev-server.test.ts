import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { ROOT, startListening } from "../support/built-server";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import { POSTGRES_TEMPLATE_DB } from "../support/vitest-global-setup";

// Development server: `npm run dev` (server/main.ts through tsx, NODE_ENV=development) is
// reachable from this machine alone unless HOST says otherwise, and Vite, which serves files under
// the project root, never serves the data directory (the session secret forges admin cookies).

const dataDir = path.join(ROOT, ".tmp", `dev-server-data-${process.pid}`);
// A file in the default data directory, made for this test only (a real one is never touched).
const defaultDataDir = path.join(ROOT, "data");
const createdDefaultDataDir = !existsSync(defaultDataDir);
const probe = path.join(defaultDataDir, `.dev-server-probe-${process.pid}`);

let dev: Awaited<ReturnType<typeof startListening>>;
beforeAll(async () => {
  mkdirSync(defaultDataDir, { recursive: true });
  writeFileSync(probe, "probe-content");
  const { HOST: _host, NODE_ENV: _nodeEnv, SESSION_SECRET: _secret, ...inherited } = process.env;
  const databaseUrl = postgresUrl(await createPostgresDatabase({ template: POSTGRES_TEMPLATE_DB }));
  dev = await startListening(
    (port) =>
      spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        cwd: ROOT,
        detached: true,
        env: {
          ...inherited,
          NODE_ENV: "development",
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
        },
      }),
    80_000,
  );
}, 90_000);
afterAll(() => {
  if (dev?.child.pid) process.kill(-dev.child.pid, "SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(createdDefaultDataDir ? defaultDataDir : probe, { recursive: true, force: true });
});

/** Whether a TCP connection to `host` on the dev server's port is accepted. */
function accepts(host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port: dev.port, timeout: 2000 });
    socket.on("connect", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => (socket.destroy(), resolve(false)));
  });
}

/** The TCP addresses ("127.0.0.1:5173", "[::]:24678") the process `pid` listens on, from /proc. */
function listeningAddresses(pid: number): string[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]);
    } catch {
      // Closed since it was listed.
    }
  }
  const addresses: string[] = [];
  for (const table of ["tcp", "tcp6"]) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, "utf8").split("\n").slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      // 0A: LISTEN.
      if (state !== "0A" || !inodes.has(inode)) continue;
      const [hexHost, hexPort] = local.split(":");
      const host =
        table === "tcp"
          ? (hexHost.match(/../g) ?? [])
              .reverse()
              .map((byte) => parseInt(byte, 16))
              .join(".")
          : /^0+$/.test(hexHost)
            ? "[::]"
            : `[${hexHost}]`;
      addresses.push(`${host}:${parseInt(hexPort, 16)}`);
    }
  }
  return addresses;
}

describe("npm run dev", () => {
  it("opens no port but the site's: Vite's HMR socket is served through it", async () => {
    expect(listeningAddresses(dev.child.pid!)).toEqual([`127.0.0.1:${dev.port}`]);
    const socket = new WebSocket(`ws://127.0.0.1:${dev.port}/`, "vite-hmr");
    try {
      const first = await new Promise<string>((resolve, reject) => {
        socket.once("message", (data: Buffer) => resolve(data.toString()));
        socket.once("error", reject);
      });
      expect(JSON.parse(first)).toMatchObject({ type: "connected" });
    } finally {
      socket.close();
    }
  });

  it("listens on 127.0.0.1 alone when HOST is unset", async () => {
    expect(dev.output()).toContain(`"url":"${dev.url}"`);
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === "IPv4" && !address.internal);
    if (outside) expect(await accepts(outside.address)).toBe(false);
    expect(await accepts("127.0.0.1")).toBe(true);
  });

  it("never serves the data directory, by its path or through /@fs/", async () => {
    // The session secret exists once the server has started (it made one in DATA_DIR).
    const secret = readFileSync(path.join(dataDir, "session-secret"), "utf8");
    const attempts = [
      `/.tmp/${path.basename(dataDir)}/session-secret`,
      `/.tmp/${path.basename(dataDir)}/session-secret?raw`,
      `/@fs${dataDir}/session-secret`,
      `/@fs${dataDir}/secrets-key?import`,
      `/data/${path.basename(probe)}`,
      `/@fs${probe}`,
    ];
    for (const attempt of attempts) {
      const response = await fetch(dev.url + attempt);
      const body = await response.text();
      expect(response.status, attempt).not.toBe(200);
      expect(body, attempt).not.toContain("probe-content");
      expect(body, attempt).not.toContain(secret);
    }
    // The app's own modules are still served.
    expect((await fetch(`${dev.url}/app/root.tsx`)).status).toBe(200);
  });
});
