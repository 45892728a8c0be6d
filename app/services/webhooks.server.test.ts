import dns from "node:dns";
import dnsPromises from "node:dns/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { syncBuiltinESMExports } from "node:module";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { productText } from "../../tests/support/product-text";
import { chatPayload, refusedWebhookHost, sendWebhook, testPayload, WebhookError } from "./webhooks.server";

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === "/hang") return; // never answers
      if (req.url === "/half") {
        res.writeHead(200).write("{"); // starts an answer, never ends it
        return;
      }
      const redirect = /^\/redirect\/(\d+)(?:\?to=(.+))?$/.exec(req.url!);
      if (redirect) {
        res.writeHead(Number(redirect[1]), { Location: redirect[2] ? decodeURIComponent(redirect[2]) : "/" }).end();
        return;
      }
      if (req.url === "/fail") {
        res.writeHead(500, { "Content-Type": "text/plain" }).end("boom");
        return;
      }
      if (req.url === "/big") {
        res.writeHead(200).end("x".repeat(1024 * 1024));
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ response: "Hello from n8n" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("sendWebhook", () => {
  it("sends the JSON payload with the method, default and custom headers", async () => {
    const payload = chatPayload({ sessionId: "session_1_abc", message: "Hi", now: new Date("2026-01-02T03:04:05Z") });
    const result = await sendWebhook(
      { url: `${base}/ok`, method: "PUT", headers: { "X-Api-Key": "secret" } },
      payload,
      { timeoutMs: 2000, origin: "https://agency.example" },
    );
    expect(result).toEqual({ ok: true, status: 200, body: JSON.stringify({ response: "Hello from n8n" }) });
    const request = received.at(-1)!;
    expect(request.method).toBe("PUT");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.accept).toContain("application/json");
    expect(request.headers["x-api-key"]).toBe("secret");
    expect(request.headers.origin).toBe("https://agency.example");
    // No SITE_URL in the unit tests: the product alone.
    expect(request.headers["user-agent"]).toBe(productText("automation-agency-site/1.0"));
    expect(JSON.parse(request.body)).toEqual({
      session_id: "session_1_abc",
      message: "Hi",
      media_url: null,
      timestamp: "2026-01-02T03:04:05.000Z",
      user_info: { platform: "website", ip: "unknown" },
    });
  });

  it("returns non-OK answers with their status and body", async () => {
    const result = await sendWebhook({ url: `${base}/fail`, method: "POST" }, testPayload(), { timeoutMs: 2000 });
    expect(result).toEqual({ ok: false, status: 500, body: "boom" });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({
      test: true,
      user_info: { platform: "admin_panel", ip: "unknown" },
    });
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    await expect(sendWebhook({ url: `${base}/hang`, method: "POST" }, {}, { timeoutMs: 300 })).rejects.toThrow(
      new WebhookError("No answer within 300 ms", "timeout"),
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("gives up when the answer stops half-way", async () => {
    await expect(sendWebhook({ url: `${base}/half`, method: "POST" }, {}, { timeoutMs: 300 })).rejects.toThrow(
      new WebhookError("No answer within 300 ms", "timeout"),
    );
  });

  it("does not follow redirects: a 3xx is a failed answer and its target gets nothing", async () => {
    const target = `${base}/redirect/302?to=${encodeURIComponent(`${base}/internal-secret`)}`;
    const before = received.length;
    for (const status of [301, 302, 303, 307, 308]) {
      const url = target.replace("/302", `/${status}`);
      const answer = await sendWebhook({ url, method: "POST" }, { a: 1 }, { timeoutMs: 2000 });
      expect(answer).toMatchObject({ ok: false, status });
    }
    expect(received.slice(before).map((request) => request.url.split("?")[0])).toEqual([
      "/redirect/301",
      "/redirect/302",
      "/redirect/303",
      "/redirect/307",
      "/redirect/308",
    ]);
  });

  // ALLOW_PRIVATE_WEBHOOK_URLS is on in the tests (vitest.config.ts); the guard is tried with it off.
  it("refuses every spelling of a loopback, private or metadata address, and names resolving there", async () => {
    const port = new URL(base).port;
    const spellings = [
      "127.0.0.1",
      "localhost",
      "127.1",
      "2130706433",
      "0x7f.0.0.1",
      "0x7f000001",
      "0177.0.0.1",
      "0",
      "0.0.0.0",
      "[::1]",
      "[::]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[0:0:0:0:0:ffff:127.0.0.1]",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.100.100.200",
      "[fe80::1]",
      "[fd00:ec2::254]",
      "[fc00::1]",
      "224.0.0.1",
      "255.255.255.255",
      "[::ffff:169.254.169.254]",
      "[64:ff9b::7f00:1]",
    ];
    const before = received.length;
    for (const host of spellings) {
      await expect(
        sendWebhook({ url: `http://${host}:${port}/ok`, method: "POST" }, {}, { timeoutMs: 2000, allowPrivate: false }),
        host,
      ).rejects.toThrow(/private or local address/);
    }
    expect(received.length).toBe(before);
    console.log(`webhook SSRF spellings: ${spellings.length} tried, ${spellings.length} refused, 0 reached`);
  });

  it("reports a refused connection and cuts oversized answers", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      sendWebhook({ url: `http://127.0.0.1:${port}/`, method: "POST" }, {}, { timeoutMs: 2000 }),
    ).rejects.toThrow(/ECONNREFUSED/);
    await expect(sendWebhook({ url: "not a url", method: "POST" }, {}, { timeoutMs: 2000 })).rejects.toThrow(
      WebhookError,
    );
    const big = await sendWebhook({ url: `${base}/big`, method: "POST" }, {}, { timeoutMs: 2000 });
    expect(big.body.length).toBe(256 * 1024);
  });
});

describe("sendWebhook's failure kinds (what the admin's Test says in words)", () => {
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => "answered",
      (error: unknown) => (error instanceof WebhookError ? error.failure : "not a WebhookError"),
    );

  it("tells a refused connection, a timeout, a TLS failure, a blocked and an invalid address apart", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const send = (url: string, options: { allowPrivate?: boolean } = {}) =>
      sendWebhook({ url, method: "POST" }, {}, { timeoutMs: 1000, allowPrivate: true, ...options });

    expect(await failureOf(send(`http://127.0.0.1:${closedPort}/`))).toBe("refused");
    expect(await failureOf(send(`${base}/hang`))).toBe("timeout");
    // A plain HTTP listener answers the TLS handshake with nonsense.
    expect(await failureOf(send(base.replace("http:", "https:")))).toBe("tls");
    expect(await failureOf(send(`${base}/`, { allowPrivate: false }))).toBe("blocked");
    expect(await failureOf(send("not a url"))).toBe("invalid-url");
  });
});

describe("sendWebhook against DNS rebinding", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    syncBuiltinESMExports();
  });

  it("connects to the address it checked, not to what the name resolves to a moment later", async () => {
    // The check sees 127.0.0.1 (allowed here); any later resolution would answer an unreachable
    // address (TEST-NET-1), as a rebinding name would answer an internal one.
    vi.spyOn(dnsPromises, "lookup").mockResolvedValue([{ address: "127.0.0.1", family: 4 }] as never);
    vi.spyOn(dns, "lookup").mockImplementation(((_host: string, options: unknown, callback: unknown) => {
      const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
      done(null, [{ address: "192.0.2.1", family: 4 }]);
    }) as never);
    syncBuiltinESMExports();
    const url = `${base.replace("127.0.0.1", "rebinding.example")}/pinned`;
    const answer = await sendWebhook({ url, method: "POST" }, {}, { timeoutMs: 2000, allowPrivate: true });
    expect(answer.status).toBe(200);
    expect(received.at(-1)).toMatchObject({ url: "/pinned" });
    expect(received.at(-1)!.headers.host).toBe(new URL(url).host);
  });
});

describe("refusedWebhookHost (a form's check before saving a webhook)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    syncBuiltinESMExports();
  });

  it("names the host of a URL every request to which would be refused", async () => {
    for (const host of ["127.0.0.1:5678", "localhost:5678", "[::1]", "10.0.0.1", "169.254.169.254"]) {
      expect(await refusedWebhookHost(`http://${host}/webhook/chat`, { allowPrivate: false }), host).toBe(host);
    }
  });

  it("lets through a public address, a name that does not resolve now, and any address when private ones are allowed", async () => {
    expect(await refusedWebhookHost("https://93.184.215.14/webhook/chat", { allowPrivate: false })).toBeNull();
    vi.spyOn(dnsPromises, "lookup").mockRejectedValue(Object.assign(new Error("not found"), { code: "ENOTFOUND" }));
    syncBuiltinESMExports();
    expect(await refusedWebhookHost("https://n8n.not-yet.example/webhook", { allowPrivate: false })).toBeNull();
    expect(await refusedWebhookHost("http://127.0.0.1:5678/webhook/chat", { allowPrivate: true })).toBeNull();
  });
});
