import { createHash } from "node:crypto";

import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type AppUnderTest, type Instance, startAppUnderTest } from "../support/app-under-test";
import type { RunningServer } from "../support/built-server";
import { createTestOrder, unique } from "../support/factories";
import { HttpVisitor } from "../support/http-visitor";
import { productText } from "../support/product-text";

// The page cache (docs/architecture.md, "Page cache"), as visitors meet it over HTTP: public pages
// answered from memory, never a page of someone else's, and never one older than the last change,
// through this instance or another one on the same Postgres.

let app: AppUnderTest;
beforeAll(async () => {
  app = await startAppUnderTest();
});
afterAll(() => app?.stop());

/** Whether the page cache answered (it says so in X-Cache). */
async function fromCache(url: string, headers: Record<string, string> = {}): Promise<boolean> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  return response.headers.get("x-cache") === "hit";
}

/** Loads a page until the page cache answers it (it is stored in the background after the first render). */
async function cached(server: RunningServer, pathname: string) {
  await expect.poll(() => fromCache(server.url + pathname)).toBe(true);
}

/** The admin's New Service form, filled in. */
const serviceFields = (name: string) => ({
  name,
  category: "notifications",
  description: "Sends alerts.",
  setupPrice: "149",
  monthlyPrice: "29",
  isActive: "on",
});

function scriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !attributes.includes("application/ld+json"))
    .map(([, , body]) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`);
}

describe("the page cache", () => {
  it("answers a public page byte for byte the same, in every encoding, with a policy that lists its scripts", async () => {
    await cached(app, "/");
    const first = await fetch(app.url, { headers: { "Accept-Encoding": "identity" } });
    const second = await fetch(app.url, { headers: { "Accept-Encoding": "identity" } });
    const html = await first.text();
    expect(await second.text()).toBe(html);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));

    const policy = first.headers.get("content-security-policy")!;
    expect(policy).toBe(second.headers.get("content-security-policy"));
    expect(policy).not.toContain("nonce-");
    expect(html).not.toContain("nonce=");
    const hashes = scriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(policy).toContain(hash);
    expect(policy).toMatch(/^script-src ('sha256-[^']+' )+'strict-dynamic'/);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");

    // fetch decodes what it receives: each encoding must decode to the same page.
    const encoded = (encoding: string) =>
      fetch(app.url, { headers: { "Accept-Encoding": encoding } }).then(async (response) => ({
        encoding: response.headers.get("content-encoding"),
        html: await response.text(),
      }));
    expect(await encoded("br")).toEqual({ encoding: "br", html });
    expect(await encoded("gzip, deflate")).toEqual({ encoding: "gzip", html });
  });

  it("answers If-None-Match with 304 and HEAD with the headers only", async () => {
    await cached(app, "/services");
    const page = await fetch(`${app.url}/services`);
    const etag = page.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(`${app.url}/services`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const head = await fetch(`${app.url}/services`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
  });

  it("keeps the data requests of client-side navigations too", async () => {
    const dataPath = "/services.data?_routes=routes%2Fpublic%2Fservices";
    await cached(app, dataPath);
    const response = await fetch(app.url + dataPath);
    expect(response.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect(response.headers.get("etag")).toBeTruthy();
  });

  it("shows an admin's change on the very next request", async () => {
    await cached(app, "/services");
    const admin = await app.signedIn();
    const name = unique("Cached service");
    const created = await admin.post("/admin/services/new", serviceFields(name));
    expect(created.status).toBe(302);
    expect(await (await fetch(`${app.url}/services`)).text()).toContain(name);
  });

  it("never answers a signed-in admin from the cache, and never keeps the page rendered for one", async () => {
    const admin = await app.signedIn();
    const pathname = `/services?q=${unique("admin").replace(" ", "-")}`;
    const forAdmin = await admin.get(pathname);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.headers.get("content-security-policy")).toMatch(/'nonce-/);
    expect((await admin.get(pathname)).headers.get("x-cache")).toBeNull();

    // The first anonymous visitor renders it: the admin's renders left nothing behind.
    expect(await fromCache(app.url + pathname)).toBe(false);
    await cached(app, pathname);
    expect((await admin.get(pathname)).headers.get("x-cache")).toBeNull();
  });

  it("never keeps a page that shows a toast, and never shows a toast from the cache", async () => {
    await cached(app, "/");
    const visitor = new HttpVisitor(app.url);
    const sent = await visitor.submit("/?index", { name: "Casey", email: "casey@example.com", message: "Hello there" });
    expect(sent.posted.status).toBe(302);
    expect(sent.html).toContain(productText("Message sent!"));
    expect(sent.headers.get("content-security-policy")).toMatch(/'nonce-/);
    expect(sent.headers.get("x-cache")).toBeNull();
    for (const next of [await visitor.get("/"), await new HttpVisitor(app.url).get("/")]) {
      expect(next.headers.get("x-cache")).toBe("hit");
      expect(next.html).not.toContain(productText("Message sent!"));
    }
  });

  it("never keeps a client's order-status page, answered no-store, same-origin referrer and noindex, a 404 alike", async () => {
    const order = await createTestOrder(app.db);
    const unknown = `/order/status/${"0".repeat(64)}`;
    for (const [pathname, status] of [
      [`/order/status/${order.statusToken}`, 200],
      [`/order/status/${order.statusToken}`, 200],
      [`/order/status/${order.statusToken}.data`, 200],
      [unknown, 404],
    ] as const) {
      const response = await fetch(app.url + pathname);
      const body = await response.text();
      expect(response.status, pathname).toBe(status);
      expect(response.headers.get("x-cache"), pathname).toBeNull();
      expect(response.headers.get("cache-control"), pathname).toBe("no-store");
      expect(response.headers.get("referrer-policy"), pathname).toBe("same-origin");
      expect(response.headers.get("x-robots-tag"), pathname).toBe("noindex");
      if (status === 200) expect(body).toContain(order.clientName);
    }
    // The request log names the page, never the token that opens the order (its lines are written
    // a moment after the answers: docs/decisions/030-request-log-buffer.md).
    await expect.poll(app.output).toContain("/order/status/[token]");
    expect(app.output()).not.toContain(order.statusToken);
  });

  it("holds no more pages than its bound, however many query strings arrive", async () => {
    const small = await startAppUnderTest({ PAGE_CACHE_MB: "1" });
    try {
      const distinct = Array.from({ length: 40 }, (_, i) => `/services?q=${i}`);
      for (const pathname of distinct) await cached(small, pathname);
      // 40 pages of ~60 kB plus their compressed forms do not fit in 1 MB: the oldest went.
      expect(await fromCache(small.url + distinct.at(-1)!)).toBe(true);
      expect(await fromCache(small.url + distinct[0])).toBe(false);
    } finally {
      await small.stop();
    }
  });
});

// More of two instances behind one address (rate limits, sessions, settings and prices changed
// through one) in tests/production/two-instances.test.ts.
describe("two instances on one Postgres", () => {
  let other: Instance;
  let sql: postgres.Sql;
  beforeAll(async () => {
    other = await app.startAnother();
    sql = postgres(app.databaseUrl, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end();
    await other?.stop();
  });

  /** Milliseconds until `server`'s /services shows `text`, checked every 20 ms. */
  async function msUntilShown(server: RunningServer, text: string, since: number): Promise<number> {
    for (;;) {
      const html = await (await fetch(`${server.url}/services`)).text();
      if (html.includes(text)) return performance.now() - since;
      if (performance.now() - since > 5000) throw new Error(`${text} not shown after 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function createServiceThroughFirst(): Promise<{ name: string; at: number }> {
    const admin = await app.signedIn();
    const name = unique("Shared service");
    const at = performance.now();
    const created = await admin.post("/admin/services/new", serviceFields(name));
    expect(created.status).toBe(302);
    return { name, at };
  }

  it("sees a change made through the other within a second", async () => {
    await cached(other, "/services");
    const { name, at } = await createServiceThroughFirst();
    expect(await msUntilShown(other, name, at)).toBeLessThan(1000);
  });

  it("sees a change written straight to the database within a second", async () => {
    await cached(other, "/services");
    const [row] = await sql`select name from services where is_active order by created_at limit 1`;
    const renamed = unique("Renamed service");
    const at = performance.now();
    await sql`update services set name = ${renamed} where name = ${row.name}`;
    expect(await msUntilShown(other, renamed, at)).toBeLessThan(1000);
  });

  it("still sees changes within a second after its notification connection was killed", async () => {
    const listening = () =>
      sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`;
    const killed = await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`;
    expect(killed.length).toBeGreaterThanOrEqual(2);
    // Both instances listen again (postgres-js reconnects, or the version poll resubscribes).
    await expect.poll(async () => (await listening()).length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await cached(other, "/services");
    const { name, at } = await createServiceThroughFirst();
    expect(await msUntilShown(other, name, at)).toBeLessThan(1000);
  });
});
