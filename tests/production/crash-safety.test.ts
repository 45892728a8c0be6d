import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ORDER } from "~/copy/site";
import { isRunning } from "~/db/data-dir-lock.server";
import { clusterState } from "~/db/pglite-control.server";
import { runCommand, startBuiltServer, stopBuiltServer, type RunningServer } from "../support/built-server";
import { reportFault } from "../support/fault-report";
import { HttpVisitor, visibleText } from "../support/http-visitor";
import { orderableServiceId, postOrder, startOrderLoad, storedOrderNames } from "../support/order-load";
import { freePort } from "../support/postgres-server";

// Issue #14, "Crash safety", on the embedded database: the server is killed with SIGKILL (its whole
// process group, npm included, as a crashed machine or the out-of-memory killer would) while
// visitors post orders. PGlite's NODEFS writes every page with a synchronous write(), and
// PostgreSQL writes a commit's log before it returns (synchronous_commit is on; only fsync is
// off), so what the kernel holds survives a killed process: every acknowledged order must be there
// after a restart on the same DATA_DIR. (A power cut is another matter: PGlite never fsyncs.)

const OWNER = { username: "owner", password: "owner-password-123" };
const VISITORS = 30;
/** Acknowledged orders before the kill: enough that many posts are in flight when it comes. */
const ACKNOWLEDGED_BEFORE_KILL = 60;
const RESTART_WITHIN_MS = 60_000;

const dataDir = mkdtempSync(path.join(tmpdir(), "agency-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ENV = {
  DATA_DIR: dataDir,
  ADMIN_USERNAME: OWNER.username,
  ADMIN_PASSWORD: OWNER.password,
  // Every post comes from 127.0.0.1, which the spec's limit would stop after 10.
  ORDERS_PER_HOUR: "1000000",
};

function killGroup(server: RunningServer): void {
  process.kill(-server.child.pid!, "SIGKILL");
}

function nodePid(server: RunningServer): number {
  return Number(/"msg":"listening","pid":(\d+)/.exec(server.output())![1]);
}

describe("a SIGKILL during orders, on the embedded database", () => {
  it(
    "loses no acknowledged order; the restart takes over the stale lock; a second server is refused",
    { timeout: 180_000 },
    async () => {
      const prefix = `crash-${randomBytes(4).toString("hex")}`;
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
        expect(visibleText(shown.html)).toContain(ORDER.success.message);

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
      } finally {
        if (first.child.exitCode === null && first.child.signalCode === null) killGroup(first);
        if (second) await stopBuiltServer(second);
      }
      expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
      expect(clusterState(path.join(dataDir, "pgdata"))).toBe("shut down");
    },
  );
});
