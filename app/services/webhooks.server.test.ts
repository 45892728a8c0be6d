import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPayload, sendWebhook, testPayload, WebhookError } from "./webhooks.server";

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
      new WebhookError("No answer within 300 ms"),
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("gives up when the answer stops half-way", async () => {
    await expect(sendWebhook({ url: `${base}/half`, method: "POST" }, {}, { timeoutMs: 300 })).rejects.toThrow(
      new WebhookError("No answer within 300 ms"),
    );
  });

  it("follows redirects as fetch does", async () => {
    const target = { method: "POST" as const, headers: { Authorization: "Bearer secret" } };
    const kept = await sendWebhook({ ...target, url: `${base}/redirect/307` }, { a: 1 }, { timeoutMs: 2000 });
    expect(kept.body).toContain("Hello from n8n");
    expect(received.at(-1)).toMatchObject({ method: "POST", url: "/", body: '{"a":1}' });
    expect(received.at(-1)!.headers.authorization).toBe("Bearer secret");

    await sendWebhook({ ...target, url: `${base}/redirect/302` }, { a: 1 }, { timeoutMs: 2000 });
    expect(received.at(-1)).toMatchObject({ method: "GET", url: "/", body: "" });
    expect(received.at(-1)!.headers["content-type"]).toBeUndefined();

    // Another port is another origin: the credentials stay behind.
    const other = base.replace("127.0.0.1", "localhost");
    const crossed = `${base}/redirect/308?to=${encodeURIComponent(`${other}/`)}`;
    await sendWebhook({ ...target, url: crossed }, { a: 1 }, { timeoutMs: 2000 });
    expect(received.at(-1)).toMatchObject({ method: "POST", url: "/" });
    expect(received.at(-1)!.headers.authorization).toBeUndefined();
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
