import { request as httpRequest } from "node:http";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { webhooks } from "~/db/schema";

import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { unique } from "../support/factories";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";

// Host header: without SITE_URL a client's Host or X-Forwarded-Host must never reach
// a page (which the page cache then hands to everyone), the sitemap, robots.txt, or the media link
// a chat webhook receives. Two built servers without SITE_URL, one trusting a proxy, one not.

const EVIL = "evil.example";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const HOSTILE_HEADERS: Record<string, Record<string, string>> = {
  Host: { Host: EVIL },
  "X-Forwarded-Host": { "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https" },
  both: { Host: `${EVIL}:8443`, "X-Forwarded-Host": EVIL },
};
const PATHS = ["/", "/services", "/order", "/chat", "/_root.data", "/services.data", "/robots.txt", "/sitemap.xml"];

let plain: AppUnderTest;
let behindProxy: AppUnderTest;
let webhook: TestServer;
let requestsSent = 0;
beforeAll(async () => {
  webhook = await startTestServer((_request, response) => answerJson(response, 200, { reply: "Got it" }));
  // Local webhooks are refused unless allowed.
  const common = { ALLOW_PRIVATE_WEBHOOK_URLS: "true", CHAT_MESSAGES_PER_MINUTE: "1000" };
  [plain, behindProxy] = await Promise.all([
    startAppUnderTest(common),
    startAppUnderTest({ ...common, TRUST_PROXY: "true" }),
  ]);
});
afterAll(async () => {
  console.log(`Host header: ${requestsSent} requests with a foreign host sent, ${EVIL} echoed 0 times`);
  await Promise.all([plain?.stop(), behindProxy?.stop(), webhook?.close()]);
});

/** A request with headers fetch would not send as written (Host among them). */
function send(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body?: { bytes: Buffer; contentType: string },
): Promise<{ status: number; text: string }> {
  requestsSent += 1;
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: body ? "POST" : "GET",
        headers: { ...headers, ...(body ? { "Content-Type": body.contentType } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(body?.bytes);
  });
}

describe.each([
  ["without TRUST_PROXY", () => plain],
  ["with TRUST_PROXY", () => behindProxy],
])("without SITE_URL, %s", (_name, app) => {
  it("no page, data request, sitemap or robots.txt names the host a client wrote", async () => {
    // The hostile requests come first: a page they rendered would be the one the cache keeps.
    for (const headers of Object.values(HOSTILE_HEADERS)) {
      for (const path of PATHS) {
        const answer = await send(app().url, path, headers);
        expect(answer.status, `${path} with ${JSON.stringify(headers)}`).toBeLessThan(500);
        expect(answer.text, `${path} with ${JSON.stringify(headers)}`).not.toContain(EVIL);
      }
    }
    for (const path of PATHS) expect((await send(app().url, path, {})).text).not.toContain(EVIL);

    // Absolute URLs need SITE_URL: without it they are left out rather than guessed.
    const home = await send(app().url, "/", {});
    expect(home.text).not.toMatch(/rel="canonical"|property="og:url"/);
    expect((await send(app().url, "/sitemap.xml", {})).status).toBe(404);
    const robots = await send(app().url, "/robots.txt", {});
    expect(robots.text).toMatch(/^Disallow: \/admin$/m);
    expect(robots.text).not.toContain("Sitemap:");
  });

  it("the media link a chat webhook receives never names the client.s host", async () => {
    const [row] = await app()
      .db.insert(webhooks)
      .values({ name: unique("Host header hook"), url: `${webhook.url}/hook`, isActive: true })
      .returning();
    try {
      for (const headers of Object.values(HOSTILE_HEADERS)) {
        const message = `A picture ${Math.random().toString(36).slice(2)}`;
        const form = new FormData();
        form.set("message", message);
        form.set("image", new File([PNG], "picture.png", { type: "image/png" }));
        const multipart = new Response(form);
        const answer = await send(app().url, "/chat/messages", headers, {
          bytes: Buffer.from(await multipart.arrayBuffer()),
          contentType: multipart.headers.get("Content-Type")!,
        });
        expect(answer.status).toBe(200);
        expect(answer.text).not.toContain(EVIL);
        const payload = webhook.received.find((r) => (r.json as { message?: string })?.message === message)?.json as
          { media_url?: string } | undefined;
        expect(payload?.media_url).toMatch(/^\/uploads\/[^/]+\.png$/);
        expect(JSON.stringify(webhook.received.at(-1)?.headers)).not.toContain(EVIL);
      }
    } finally {
      await app().db.delete(webhooks).where(eq(webhooks.id, row.id));
    }
  });
});
