import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { unique } from "../support/factories";
import { productText } from "../support/product-text";

// Sign-in abuse, against the built server over HTTP: one address trying many
// usernames is refused after LOGIN_MAX_ATTEMPTS_PER_ADDRESS attempts (30), and X-Forwarded-For
// moves nobody to another address unless TRUST_PROXY says a proxy sets it.

async function attempt(app: AppUnderTest, headers: Record<string, string> = {}) {
  const username = unique("nobody").replace(" ", "-");
  const response = await fetch(`${app.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, ...headers },
    body: new URLSearchParams({ username, password: "a-guessed-password" }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A refused attempt, read whole: what it says, how, and when to come back. */
async function refusal(app: AppUnderTest) {
  const response = await fetch(`${app.url}/admin/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Accept-Encoding": "gzip, deflate, br",
      Origin: app.url,
    },
    body: new URLSearchParams({ username: unique("nobody").replace(" ", "-"), password: "a-guess" }),
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    encoding: response.headers.get("content-encoding"),
    retryAfter: Number(response.headers.get("retry-after")),
    text: await response.text(),
  };
}

describe("without TRUST_PROXY", () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await startAppUnderTest();
  });
  afterAll(() => app?.stop());

  it("limits one address across usernames, whatever X-Forwarded-For claims", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(await attempt(app, { "X-Forwarded-For": `198.51.100.${i}` }));
    }
    // The first refusals are the sign-in page, uncompressed: a person reads why, with the form.
    const refused = await refusal(app);
    expect(refused).toMatchObject({ status: 429, encoding: null });
    expect(refused.text).toContain(productText("Too many sign-in attempts"));
    expect(refused.text).toContain('name="username"');
    statuses.push(refused.status);
    for (let i = 31; i < 40; i++) {
      statuses.push(await attempt(app, { "X-Forwarded-For": `198.51.100.${i}` }));
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    console.log(
      `sign-in abuse: 40 usernames tried from one address, ${statuses.filter((s) => s === 429).length} refused`,
    );
  });

  it("answers a flood of refused sign-ins before any page is rendered, and compresses the login page", async () => {
    // The last test's ten refusals were the address's first: from now on it is a script.
    const flooded = await refusal(app);
    expect(flooded).toMatchObject({ status: 429, type: "text/plain; charset=utf-8", encoding: null });
    expect(flooded.retryAfter).toBeGreaterThan(0);
    const minutes = Math.ceil(flooded.retryAfter / 60);
    const text = productText.pattern(
      "Too many attempts from your address. Please wait {n} minutes and try again.",
      String(minutes),
    );
    expect(flooded.text).toBe(minutes === 1 ? text.replace("minutes", "minute") : text);
    const page = await fetch(`${app.url}/admin/login`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe("br");
  });
});

describe("with TRUST_PROXY=true (one proxy hop)", () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await startAppUnderTest({ TRUST_PROXY: "true" });
  });
  afterAll(() => app?.stop());

  it("counts the address the proxy appended, and IPv6 addresses by their /64", async () => {
    // What a visitor put further left is theirs to invent; the last hop is the proxy's.
    const spoofed = (i: number) => ({ "X-Forwarded-For": `10.0.0.${i}, 203.0.113.9` });
    for (let i = 0; i < 30; i++) expect(await attempt(app, spoofed(i))).toBe(401);
    expect(await attempt(app, spoofed(99))).toBe(429);
    expect(await attempt(app, { "X-Forwarded-For": "203.0.113.10" })).toBe(401);

    const inOneSlash64 = (i: number) => ({ "X-Forwarded-For": `2001:db8:77:1:${i.toString(16)}::${i}` });
    for (let i = 0; i < 30; i++) expect(await attempt(app, inOneSlash64(i))).toBe(401);
    expect(await attempt(app, inOneSlash64(500))).toBe(429);
    expect(await attempt(app, { "X-Forwarded-For": "2001:db8:77:2::1" })).toBe(401);

    // A flood from one address is refused before rendering; the next address is not.
    for (let i = 0; i < 10; i++) await attempt(app, spoofed(i));
    const flooded = await fetch(`${app.url}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, ...spoofed(1) },
      body: new URLSearchParams({ username: "someone", password: "a-guess" }),
    });
    expect(flooded.status).toBe(429);
    expect(flooded.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await attempt(app, { "X-Forwarded-For": "203.0.113.11" })).toBe(401);
  });
});
