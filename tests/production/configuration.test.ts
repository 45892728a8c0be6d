import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { founderInfo, services, siteSettings } from "~/db/schema";

import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { toastOn, visibleText } from "../support/http-visitor";
import { productText } from "../support/product-text";

// TRUST_PROXY, SITE_URL and SEED_DEMO_CONTENT, each seen from outside: two built servers, one
// configured as behind a proxy on its own domain with an empty start, one with the defaults.

const SITE_URL = "https://agency.example";

let configured: AppUnderTest;
let defaults: AppUnderTest;
beforeAll(async () => {
  // One contact message per address and hour makes the address the server counts visible.
  const common = { CONTACT_MESSAGES_PER_HOUR: "1", CHAT_MESSAGES_PER_MINUTE: "1" };
  [configured, defaults] = await Promise.all([
    startAppUnderTest({ ...common, TRUST_PROXY: "true", SITE_URL, SEED_DEMO_CONTENT: "false" }),
    startAppUnderTest(common),
  ]);
});
afterAll(() => Promise.all([configured?.stop(), defaults?.stop()]));

let messageCount = 0;
function contactFrom(app: AppUnderTest, headers: Record<string, string> = {}) {
  messageCount += 1;
  const fields = { name: "Pat Doe", email: "pat@example.com", message: `Hello number ${messageCount}` };
  return app.visitor().post("/?index", fields, headers);
}

/** The `ip` of the request log line the server wrote for a request to `path`. */
async function loggedIp(app: AppUnderTest, path: string, headers: Record<string, string>): Promise<string> {
  const marker = `${path}?probe=${Math.random().toString(36).slice(2)}`;
  await app.visitor().get(marker, headers);
  // The line is written when the response finishes, a moment after the client has it.
  let line: string | undefined;
  await expect
    .poll(
      () =>
        (line = app
          .output()
          .split("\n")
          .find((l) => l.includes('"msg":"request"') && l.includes(path))),
    )
    .toBeDefined();
  return JSON.parse(line!).ip;
}

describe("TRUST_PROXY", () => {
  it("true: the proxy's X-Forwarded-For names the visitor, in the log and in the rate limits", async () => {
    expect(await loggedIp(configured, "/robots.txt", { "X-Forwarded-For": "203.0.113.7" })).toBe("203.0.113.7");
    // One hop is trusted: what a visitor wrote further left in the chain does not count.
    expect(await loggedIp(configured, "/sitemap.xml", { "X-Forwarded-For": "6.6.6.6, 203.0.113.8" })).toBe(
      "203.0.113.8",
    );

    const first = await contactFrom(configured, { "X-Forwarded-For": "198.51.100.1" });
    expect(first.status).toBe(302);
    const other = await contactFrom(configured, { "X-Forwarded-For": "198.51.100.2" });
    expect(other.status).toBe(302);
    const again = await contactFrom(configured, { "X-Forwarded-For": "198.51.100.1" });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(toastOn(again.html)).toMatchObject({
      message: productText("Error"),
      description: productText("Failed to send message. Please try again."),
    });
  });

  it("unset: X-Forwarded-For is ignored, the connection's address counts", async () => {
    expect(await loggedIp(defaults, "/robots.txt", { "X-Forwarded-For": "203.0.113.7" })).toBe("127.0.0.1");
    const first = await contactFrom(defaults, { "X-Forwarded-For": "198.51.100.1" });
    expect(first.status).toBe(302);
    const second = await contactFrom(defaults, { "X-Forwarded-For": "198.51.100.2" });
    expect(second.status).toBe(429);
  });

  it("a visitor over a limit is told when to try again: the contact form, the chat and a .data answer", async () => {
    const chat = defaults.visitor();
    const chatAnswers = [
      await chat.post("/chat", { message: "Hello" }),
      await chat.post("/chat", { message: "Again" }),
    ];
    expect(chatAnswers[1].status).toBe(429);
    expect(Number(chatAnswers[1].headers.get("Retry-After"))).toBeGreaterThan(0);

    // A form posted with JavaScript gets the action's answer alone, as a data request.
    const fields = { name: "Pat Doe", email: "pat@example.com", message: "Hello by fetch" };
    const visitor = defaults.visitor();
    const answers = [await visitor.post("/_root.data?index", fields), await visitor.post("/_root.data?index", fields)];
    expect(answers[1].status).toBe(429);
    expect(Number(answers[1].headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("SITE_URL", () => {
  it("is the origin of the sitemap and the canonical URLs", async () => {
    const sitemap = (await configured.visitor().get("/sitemap.xml")).html;
    expect(sitemap).toContain(`<loc>${SITE_URL}/services</loc>`);
    expect(sitemap).not.toContain("127.0.0.1");
    const home = (await configured.visitor().get("/")).html;
    expect(home).toMatch(new RegExp(`<link rel="canonical" href="${SITE_URL}/"`));
    // A proxy passes on whatever host the client wrote: SITE_URL still names the site.
    const forwarded = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" };
    expect((await configured.visitor().get("/services", forwarded)).html).toMatch(
      new RegExp(`<link rel="canonical" href="${SITE_URL}/services"`),
    );
    expect((await configured.visitor().get("/robots.txt", forwarded)).html).toContain(
      `Sitemap: ${SITE_URL}/sitemap.xml`,
    );
  });

  it("unset: no absolute URL is guessed, the sitemap is not served, and start-up says why", async () => {
    expect((await defaults.visitor().get("/sitemap.xml")).status).toBe(404);
    expect((await defaults.visitor().get("/robots.txt")).html).not.toContain("Sitemap:");
    expect((await defaults.visitor().get("/")).html).not.toContain('rel="canonical"');
    const warnings = defaults
      .output()
      .split("\n")
      .filter((line) => line.includes("SITE_URL is not set"));
    expect(warnings).toHaveLength(1);
    expect(configured.output()).not.toContain("SITE_URL is not set");
  });

  it("is an origin a form may be posted from, besides the server's own host; others are refused", async () => {
    // As a proxy forwards a browser's post from the public address to the server's own address
    // (with the port: React Router otherwise takes the port of the Host header, the server's own).
    const fromSite = {
      Origin: SITE_URL,
      "X-Forwarded-Host": `${new URL(SITE_URL).host}:443`,
      "X-Forwarded-Proto": "https",
      "X-Forwarded-For": "198.51.100.20",
    };
    expect((await contactFrom(configured, fromSite)).status).toBe(302);
    const unknownSite = await contactFrom(defaults, fromSite);
    expect(unknownSite.status).toBe(403);
    expect(unknownSite.html).toBe("Cross-origin requests are not allowed.");
    for (const app of [configured, defaults]) {
      const foreign = await contactFrom(app, { Origin: "https://evil.example", "X-Forwarded-For": "198.51.100.21" });
      expect(foreign.status).toBe(403);
      expect(foreign.html).toBe("Cross-origin requests are not allowed.");
    }
  });

  it("on https asks browsers to keep to https", async () => {
    expect((await configured.visitor().get("/")).headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect((await defaults.visitor().get("/")).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("SEED_DEMO_CONTENT", () => {
  it("false: an empty database gets plain settings, no demo services and no founder", async () => {
    expect(await configured.db.select().from(services)).toEqual([]);
    expect(await configured.db.select().from(founderInfo)).toEqual([]);
    const [settings] = await configured.db.select().from(siteSettings);
    expect(settings).toMatchObject({
      companyName: "Automation Services",
      supportEmail: "hello@example.com",
      whatsappNumber: null,
      messengerLink: null,
    });
    const home = visibleText((await configured.visitor().get("/")).html);
    expect(home).toContain("Automation Services");
    expect(home).not.toContain("FlowForge");
    // The first super admin is created all the same.
    await configured.signedIn();
  });

  it("unset: the demo company, its services and its founder", async () => {
    expect((await defaults.db.select().from(services)).length).toBeGreaterThanOrEqual(8);
    expect(await defaults.db.select().from(founderInfo)).toHaveLength(1);
    const home = visibleText((await defaults.visitor().get("/")).html);
    expect(home).toContain("FlowForge Automation");
    expect(home).toContain("Alex Morgan");
  });
});
