import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { defaultTemplateDir, openDatabase } from "~/db/client.server";
import { isRunning } from "~/db/data-dir-lock.server";
import { clusterState } from "~/db/pglite-control.server";
import { eventWebhooks } from "~/db/schema";
import { newSigningSecret } from "~/lib/standard-webhooks.server";

import { runCommand, type RunningServer, startBuiltServer, stopBuiltServer } from "../support/built-server";
import { reportFault } from "../support/fault-report";
import { HttpVisitor, visibleText } from "../support/http-visitor";
import { orderableServiceId, postOrder, startOrderLoad, storedOrderNames } from "../support/order-load";
import { freePort } from "../support/postgres-server";
import { productText } from "../support/product-text";

// Crash safety, on the embedded database: the server is killed with SIGKILL (its whole
// process group, npm included, as a crashed machine or the out-of-memory killer would) while
// visitors post orders. PGlite's NODEFS writes every page with a synchronous write(), and
// PostgreSQL writes a commit's log before it returns (synchronous_commit is on; only fsync is
// off), so what the kernel holds survives a killed process: every acknowledged order must be there
// after a restart on the same DATA_DIR. (A power cut is another matter: PGlite never fsyncs.)
// Each order's order.created event, written in the order's transaction, is delivered
// by the restarted server to an event webhook that was down while the first one ran.

const OWNER = { username: "owner", password: "owner-password-123" };
const VISITORS = 30;
/** Acknowledged orders before the kill: enough that many posts are in flight when it comes. */
const ACKNOWLEDGED_BEFORE_KILL = 60;
const RESTART_WITHIN_MS = 60_000;

const dataDir = mkdtempSync(path.join(tmpdir(), "agency-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ENV = {
  DATA_DIR: dataDir,
  ALLOW_PRIVATE_WEBHOOK_URLS: "true",
  ADMIN_USERNAME: OWNER.username,
  ADMIN_PASSWORD: OWNER.password,
  // Every post comes from 127.0.0.1, which the spec's limit would stop after 10.
  ORDERS_PER_HOUR: "1000000",
};

/** An event webhook for order.created at `url`, written before the server first opens DATA_DIR. */
async function subscribeToOrders(url: string): Promise<void> {
  const database = await openDatabase({ dataDir, templateDir: defaultTemplateDir() });
  try {
    // Stored plain: the server's SECRETS_KEY (made in DATA_DIR at its start) is not known yet.
    await database.db.insert(eventWebhooks).values({
      name: "Crash test",
      url,
      events: ["order.created"],
      secret: newSigningSecret(),
    });
  } finally {
    await database.close();
  }
}

/**
 * An event receiver that holds every request unanswered until `answer()`: the first server's
 * attempts stay in flight (and unrecorded) until the kill. Then it records the client name of
 * each order.created by webhook-id, and answers 204: only on connections opened since, the
 * restarted server's (a request the killed server sent just before it died may be read later).
 */
async function receiveEvents() {
  const received = new Map<string, string>();
  const duplicates: string[] = [];
  let answering = false;
  const heldConnections = new WeakSet<Socket>();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk));
    req.on("end", () => {
      if (heldConnections.has(req.socket)) return;
      const id = String(req.headers["webhook-id"]);
      if (received.has(id)) duplicates.push(id);
      received.set(id, (JSON.parse(body) as { data: { client_name: string } }).data.client_name);
      res.writeHead(204).end();
    });
  });
  server.on("connection", (socket: Socket) => {
    if (!answering) heldConnections.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/events`,
    // A connection the killed server opened just before it died may still wait to be accepted, in
    // the same turn of the event loop that reported its exit: accepted first, it stays held.
    answer: () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          answering = true;
          resolve();
        }),
      ),
    names: () => new Set(received.values()),
    duplicates,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

function killGroup(server: RunningServer): void {
  process.kill(-server.child.pid!, "SIGKILL");
}

function nodePid(server: RunningServer): number {
  return Number(/"msg":"listening","pid":(\d+)/.exec(server.output())![1]);
}

describe("a SIGKILL during orders, on the embedded database", () => {
  it(
    "loses no acknowledged order or its event; the restart takes over the stale lock; a second server is refused",
    { timeout: 240_000 },
    async () => {
      const prefix = `crash-${randomBytes(4).toString("hex")}`;
      const receiver = await receiveEvents();
      await subscribeToOrders(receiver.url);
      const first = await startBuiltServer(ENV);
      let second: RunningServer | undefined;
      try {
        const serviceId = await orderableServiceId(first.url);
        // What an acknowledgement is: the redirect to the page that says "Order Submitted!".
        const shown = await new HttpVisitor(first.url).submit("/order", {
          clientName: `${prefix}-first`,
          clientEmail: "crash@example.com",
          serviceId,
          terms: "on",
        });
        expect(visibleText(shown.html)).toContain(productText("Order Submitted!"));

        const load = startOrderLoad(first.url, serviceId, prefix, VISITORS);
        await expect
          .poll(() => load.acknowledged().length, { timeout: 60_000, interval: 20 })
          .toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
        const killedAt = Date.now();
        killGroup(first);
        await load.done;
        await first.exited;
        // npm has been reaped; node, killed with it, may take a moment to die (or linger unreaped).
        await expect.poll(() => isRunning(nodePid(first))).toBe(false);

        // What the killed process left: its lock, PGlite's own postmaster.pid, a cluster "in production".
        const lock = JSON.parse(readFileSync(path.join(dataDir, "pglite.lock"), "utf8")) as { pid: number };
        expect(lock.pid).toBe(nodePid(first));
        expect(existsSync(path.join(dataDir, "pgdata", "postmaster.pid"))).toBe(true);
        expect(clusterState(path.join(dataDir, "pgdata"))).toBe("in production");

        await receiver.answer();
        second = await startBuiltServer(ENV);
        const restartMs = Date.now() - killedAt;
        expect(restartMs).toBeLessThan(RESTART_WITHIN_MS);
        expect(second.output()).toContain("stale lock taken over");
        expect(second.output()).toContain("the embedded database was not shut down cleanly");

        // While it runs, a second server on the same DATA_DIR is refused, with the reason alone.
        const port = await freePort();
        const refused = await runCommand(["npm", "start"], { ...ENV, PORT: String(port), HOST: "127.0.0.1" });
        expect(refused.code).not.toBe(0);
        expect(refused.stderr).toContain(
          `The embedded database in ${dataDir} is in use by process ${nodePid(second)}. ` +
            "Stop that process first, or point DATA_DIR elsewhere.",
        );
        expect(refused.stderr).not.toMatch(/\n\s+at /);
        expect((await postOrder(second.url, serviceId, `${prefix}-after`)).kind).toBe("acknowledged");

        const acknowledged = [`${prefix}-first`, ...load.acknowledged(), `${prefix}-after`];
        const admin = new HttpVisitor(second.url);
        await admin.signIn(OWNER.username, OWNER.password);
        const stored = await storedOrderNames(admin, prefix);
        const found = acknowledged.filter((name) => stored.has(name)).length;
        const unanswered = [...load.outcomes.values()].filter((o) => o.kind === "unanswered").length;
        console.log(
          `crash: killed with ${unanswered} orders in flight; healthy again on the same DATA_DIR ` +
            `${(restartMs / 1000).toFixed(1)} s after the SIGKILL`,
        );
        const lost = reportFault(`SIGKILL during ${VISITORS} concurrent orders, embedded database`, {
          sent: load.outcomes.size + 2,
          acknowledged: acknowledged.length,
          found,
        });
        expect(lost).toBe(0);
        expect(unanswered).toBeGreaterThan(0);

        // Every acknowledged order's event arrives from the restarted server, once. (One whose
        // attempt was in flight at the kill waits for its lease to end: 25 seconds.)
        await expect
          .poll(() => acknowledged.filter((name) => !receiver.names().has(name)), { timeout: 60_000, interval: 500 })
          .toEqual([]);
        console.log(`crash: every event delivered ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the SIGKILL`);
        expect(receiver.duplicates).toEqual([]);
      } finally {
        receiver.close();
        if (first.child.exitCode === null && first.child.signalCode === null) killGroup(first);
        if (second) await stopBuiltServer(second);
      }
      expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
      expect(clusterState(path.join(dataDir, "pgdata"))).toBe("shut down");
    },
  );
});
