import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { clusterState } from "~/db/pglite-control.server";
import { errorCode } from "~/lib/error-chain";

import { type RunningServer, startBuiltServer, stopBuiltServer } from "../support/built-server";
import { reportFault } from "../support/fault-report";
import { HttpVisitor } from "../support/http-visitor";
import { orderableServiceId, type OrderLoad, startOrderLoad, storedOrderNames } from "../support/order-load";
import { productText } from "../support/product-text";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import { POSTGRES_TEMPLATE_DB } from "../support/vitest-global-setup";
import { echoWebhook, startTestServer, type TestServer } from "../support/webhook-server";

// docs/product.md, Error pages and refused requests: a request while the server shuts down.
const SHUTDOWN_TEXT = productText("The site is restarting. Please try again in a few seconds.");
const RETRY_AFTER_SECONDS = "10";

// Graceful shutdown: SIGTERM while visitors post orders and a chat message waits on a webhook that
// answers only once they have stopped. What is in flight finishes with its normal answer; a request
// arriving on a connection already open gets 503 with Retry-After and Connection: close; a new
// connection is refused (a proxy retries it elsewhere: nothing was sent); the database is closed,
// and node exits with 0 within Fly.io's kill timeout. The server runs as the Dockerfile runs it,
// node itself receiving the signal.

const OWNER = { username: "owner", password: "owner-password-123" };
const VISITORS = 10;
const ACKNOWLEDGED_BEFORE_SIGNAL = 20;
const EXIT_WITHIN_MS = 10_000;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// The chat's webhook holds each reply until the test releases it, after the signal, so the chat is
// in flight through the drain however long the orders before the signal took.
const heldReplies: Array<() => void> = [];
let hook: TestServer | undefined;
async function heldWebhook(): Promise<TestServer> {
  hook ??= await startTestServer((request, response) => heldReplies.push(() => echoWebhook(request, response)));
  return hook;
}
afterAll(() => hook?.close());

function start(env: Record<string, string>): Promise<RunningServer> {
  return startBuiltServer(
    {
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      // Every post comes from 127.0.0.1, which the spec's limit would stop after 10.
      ORDERS_PER_HOUR: "1000000",
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
      ...env,
    },
    { command: ["node", "build/server/main.js"] },
  );
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET through `agent` (false: a connection of its own). */
function get(url: string, agent: http.Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      })
      .on("error", reject);
  });
}

/** A chat message as the widget sends it; its answer carries the webhook's reply. */
async function sendChat(baseUrl: string, message: string): Promise<{ status: number; text: string }> {
  const form = new FormData();
  form.set("message", message);
  const response = await fetch(new URL("/chat/messages", baseUrl), {
    method: "POST",
    headers: { Origin: baseUrl },
    body: form,
  });
  return { status: response.status, text: await response.text() };
}

interface Drained {
  load: OrderLoad;
  /** The server's output up to its exit. */
  output: string;
  signalledAt: number;
  shutdownMs: number;
  exitCode: number | null;
}

/**
 * With a chat reply held and orders in flight, sends SIGTERM; checks what each kind of request
 * met, and returns when node has exited.
 */
async function terminateUnderLoad(server: RunningServer, prefix: string): Promise<Drained> {
  const webhook = await heldWebhook();
  const admin = new HttpVisitor(server.url);
  await admin.signIn(OWNER.username, OWNER.password);
  const created = await admin.post("/admin/webhooks/new", {
    name: `Held hook ${prefix}`,
    url: `${webhook.url}/hook`,
    method: "POST",
    isActive: "on",
  });
  expect(created.status).toBe(302);
  const serviceId = await orderableServiceId(server.url);

  const message = `Are you there? ${prefix}`;
  const chat = sendChat(server.url, message);
  await expect.poll(() => webhook.received.some((r) => JSON.stringify(r.json).includes(prefix))).toBe(true);
  const load = startOrderLoad(server.url, serviceId, prefix, VISITORS);
  await expect
    .poll(() => load.acknowledged().length, { timeout: 30_000, interval: 20 })
    .toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_SIGNAL);
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get(`${server.url}/healthz`, keepAlive)).status).toBe(200);

  const signalledAt = Date.now();
  process.kill(-server.child.pid!, "SIGTERM");
  await expect.poll(server.output).toMatch(/"msg":"shutting down","signal":"SIGTERM","inFlight":\d+/);

  // A new request on the connection already open: 503, with when to come back, and the connection closed.
  const refused = await get(`${server.url}/`, keepAlive);
  expect(refused).toMatchObject({ status: 503, body: SHUTDOWN_TEXT });
  expect(refused.headers["retry-after"]).toBe(RETRY_AFTER_SECONDS);
  expect(refused.headers.connection).toBe("close");
  // A new connection is refused.
  const connecting = await get(`${server.url}/healthz`, false).catch((error: unknown) => errorCode(error));
  expect(connecting).toBe("ECONNREFUSED");

  // The chat message in flight gets its reply, released once every visitor has stopped.
  await load.done;
  heldReplies.splice(0).forEach((reply) => reply());
  const answered = await chat;
  expect(answered.status).toBe(200);
  expect(answered.text).toContain(`Echo: ${message}`);

  const exitCode = await server.exited;
  const shutdownMs = Date.now() - signalledAt;
  keepAlive.destroy();
  return { load, output: server.output(), signalledAt, shutdownMs, exitCode };
}

/** Checks every order's outcome against the database (read through a restarted server) and reports. */
async function checkOrders(scenario: string, server: RunningServer, prefix: string, drained: Drained) {
  const outcomes = [...drained.load.outcomes.values()];
  expect(outcomes.filter((o) => o.kind === "unanswered")).toEqual([]);
  for (const outcome of outcomes.filter((o) => o.kind === "refused")) {
    expect(outcome).toMatchObject({ status: 503, retryAfter: RETRY_AFTER_SECONDS });
  }
  // Orders still being answered when the signal came finished with their normal answer.
  const inFlight = Number(/"msg":"shutting down","signal":"SIGTERM","inFlight":(\d+)/.exec(drained.output)![1]);
  const acknowledgedAfter = outcomes.filter((o) => o.kind === "acknowledged" && o.at > drained.signalledAt).length;
  expect(acknowledgedAfter).toBeGreaterThan(0);

  const admin = new HttpVisitor(server.url);
  await admin.signIn(OWNER.username, OWNER.password);
  const stored = await storedOrderNames(admin, prefix);
  const acknowledged = drained.load.acknowledged();
  const refused = [...drained.load.outcomes].filter(([, o]) => o.kind === "refused").map(([name]) => name);
  // A refused order was not stored either: the visitor may send it again without a double.
  expect(refused.filter((name) => stored.has(name))).toEqual([]);
  console.log(
    `${scenario}: SIGTERM with ${inFlight} requests in flight (a chat message, orders); ` +
      `${acknowledgedAfter} orders acknowledged after the signal, ${refused.length} refused with 503; ` +
      `node exited with ${drained.exitCode} ` +
      `${(drained.shutdownMs / 1000).toFixed(1)} s after the signal`,
  );
  return reportFault(`SIGTERM during ${VISITORS} concurrent orders and a held chat reply, ${scenario}`, {
    sent: outcomes.filter((o) => o.kind !== "not sent").length,
    acknowledged: acknowledged.length,
    found: acknowledged.filter((name) => stored.has(name)).length,
  });
}

describe("SIGTERM under load", () => {
  it("on the embedded database: in flight finishes, new requests get 503, the database closes, exit 0", async () => {
    const prefix = `drain-${randomBytes(4).toString("hex")}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "agency-drain-"));
    dirs.push(dataDir);
    const server = await start({ DATA_DIR: dataDir });
    let drained: Drained;
    try {
      drained = await terminateUnderLoad(server, prefix);
    } finally {
      if (server.child.exitCode === null) await stopBuiltServer(server);
    }
    expect(drained.exitCode).toBe(0);
    expect(drained.shutdownMs).toBeLessThan(EXIT_WITHIN_MS);
    expect(server.output()).toContain('"msg":"database closed","kind":"pglite"');
    expect(server.output()).not.toContain("requests cut short");
    // Closed cleanly: no lock left, PGlite's postmaster.pid removed, the cluster "shut down".
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    expect(existsSync(path.join(dataDir, "pgdata", "postmaster.pid"))).toBe(false);
    expect(clusterState(path.join(dataDir, "pgdata"))).toBe("shut down");

    const again = await start({ DATA_DIR: dataDir });
    try {
      expect(again.output()).not.toContain("stale lock taken over");
      expect(again.output()).not.toContain("not shut down cleanly");
      expect(await checkOrders("embedded database", again, prefix, drained)).toBe(0);
    } finally {
      await stopBuiltServer(again);
    }
    // Two starts of the embedded database inside the test: on a busy 2-core machine that alone
    // can take most of the default 30 s.
  }, 60_000);

  it("on PostgreSQL: the same, with the pool closed", async () => {
    const prefix = `drain-${randomBytes(4).toString("hex")}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "agency-drain-"));
    dirs.push(dataDir);
    const env = {
      DATABASE_URL: postgresUrl(await createPostgresDatabase({ template: POSTGRES_TEMPLATE_DB })),
      DATA_DIR: dataDir,
      SESSION_SECRET: "graceful-shutdown-session-secret-0123456789",
      SECRETS_KEY: "graceful-shutdown-secrets-key-0123456789abcdef",
    };
    const server = await start(env);
    let drained: Drained;
    try {
      drained = await terminateUnderLoad(server, prefix);
    } finally {
      if (server.child.exitCode === null) await stopBuiltServer(server);
    }
    expect(drained.exitCode).toBe(0);
    expect(drained.shutdownMs).toBeLessThan(EXIT_WITHIN_MS);
    expect(server.output()).toContain('"msg":"database closed","kind":"postgres"');

    const again = await start(env);
    try {
      expect(await checkOrders("PostgreSQL", again, prefix, drained)).toBe(0);
    } finally {
      await stopBuiltServer(again);
    }
  });
});
