import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { siteSettings, visitCounts, visitSalts, visitVisitors } from "~/db/schema";
import { type Env, getEnv } from "~/lib/env.server";
import { dayIn } from "~/lib/zoned-day";
import { getSiteSettings, siteTimeZone } from "~/models/site-settings.server";
import * as visitsModel from "~/models/visits.server";
import { invalidatePages, pageCacheGeneration, storePage } from "~/services/page-cache/cache.server";
import { VisitCounter } from "~/services/visits/counter.server";
import {
  countingVisits,
  countPageViewUnlessAdmin,
  startVisitCounting,
  stopVisitCounting,
} from "~/services/visits/visits.server";

import { answerFromPageCache } from "../../server/page-cache";
import { countVisitOnceAnswered } from "../../server/visits";
import { createTestAdmin } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, breakWrites, useTestDatabase } from "../support/test-database";

// Visit counting against the database (docs/product.md 13.1): pages from the page cache and
// rendered ones, several instances adding up, flushes that fail or repeat, and the daily salt.

const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function countsOf(day: string) {
  const rows = await db().select().from(visitCounts).where(eq(visitCounts.day, day));
  return Object.fromEntries(rows.map((row) => [`${row.dimension}:${row.value}`, [row.views, row.visitors]]));
}

const view = (path: string, device: "mobile" | "desktop" = "desktop") => ({
  path,
  source: "",
  utmMedium: null,
  utmCampaign: null,
  device,
});

describe.each(BACKENDS)("visit counting on %s", (backend) => {
  useTestDatabase(backend);

  describe("through the server's entry", () => {
    let server: Server;
    let baseUrl: string;
    let adminCookie: string;
    let original: Env;

    beforeAll(async () => {
      adminCookie = (await sessionFor(await createTestAdmin(db(), { role: "admin" }))).split(";")[0];
      original = getEnv();
      // The page cache answers in production only.
      globalEnv.__appEnv = { ...original, NODE_ENV: "production", PAGE_CACHE_MB: 8, SITE_URL: "https://agency.test" };
      // As server/main.ts composes them: counted as the cache sends a page, or once rendered.
      server = createServer((req: IncomingMessage, res: ServerResponse) => {
        answerFromPageCache(req, res, () => {
          countVisitOnceAnswered(req, res);
          const known = ["/", "/services", "/services.data", "/admin/orders"].includes(req.url!.split("?")[0]);
          res.writeHead(known ? 200 : 404, { "Content-Type": "text/html" }).end("<p>rendered</p>");
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
      invalidatePages();
      globalEnv.__appEnv = original;
    });

    it("counts pages from the page cache and rendered ones, and leaves out bots, the admin and the rest", async () => {
      await startVisitCounting();
      const body = Buffer.from("<p>cached home</p>");
      const variant = { headers: { "Content-Type": "text/html", "Content-Length": body.length }, body };
      storePage("/", pageCacheGeneration(), {
        etag: 'W/"home"',
        variants: { br: variant, gzip: variant, identity: variant },
        notModifiedHeaders: { ETag: 'W/"home"' },
        bytes: body.length,
        expiresAt: Infinity,
      });
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(baseUrl + path, { headers: { "User-Agent": BROWSER, ...headers } }).then(async (answer) => {
          await answer.arrayBuffer();
          return answer;
        });
      const cached = await fetch(`${baseUrl}/`, {
        headers: { "User-Agent": BROWSER, Referer: "https://www.google.com/search?q=automation" },
      });
      expect(await cached.text()).toBe("<p>cached home</p>");
      // Another query string: not in the cache, rendered.
      const campaign = await get("/?utm_source=newsletter&utm_medium=email&utm_campaign=winter", {
        "User-Agent": PHONE,
      });
      expect(campaign.status).toBe(200);
      expect((await get("/", { "If-None-Match": 'W/"home"' })).status).toBe(304);
      expect((await get("/services")).status).toBe(200);
      expect((await get("/services.data", { Referer: "https://agency.test/" })).status).toBe(200);
      // A session cookie signed with another secret is not the admin's: counted.
      expect((await get("/services", { Cookie: "__session=forged.c2lnbmF0dXJl" })).status).toBe(200);

      // Not counted: a bot, the admin's own visit, an admin page, a 404, a file, a HEAD.
      await get("/", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
      await get("/services", { Cookie: adminCookie });
      await get("/admin/orders");
      expect((await get("/no-such-page")).status).toBe(404);
      await get("/favicon.ico");
      await fetch(`${baseUrl}/`, { method: "HEAD", headers: { "User-Agent": BROWSER } });
      await stopVisitCounting();

      const today = dayIn(Date.now(), siteTimeZone(await getSiteSettings()));
      const counts = await countsOf(today);
      expect(counts).toEqual({
        "total:": [6, 2],
        "page:/": [3, 2],
        "page:/services": [3, 1],
        "source:": [4, 1],
        "source:google.com": [1, 1],
        "source:newsletter": [1, 1],
        "utm_medium:email": [1, 1],
        "utm_campaign:winter": [1, 1],
        "device:desktop": [5, 1],
        "device:mobile": [1, 1],
      });
    });

    it("stops counting when Settings → Count visits is turned off, and the privacy page says what is counted while on", async () => {
      const privacyText = async () =>
        ((await send(getRequest("/privacy"))).loaderData["routes/public/privacy"] as { html: string }).html;
      const visitsLine = productText("To count visitors without a cookie");
      expect(await privacyText()).toContain(visitsLine);
      const post = (fields: Record<string, string>) =>
        send(
          postRequest(
            "/admin/settings",
            {
              companyName: "Count Co",
              workflowToolName: "n8n",
              homepageHeadline: "Automations",
              homepageSubtext: "We build them.",
              supportEmail: "help@example.com",
              ...fields,
            },
            adminCookie,
          ),
        );
      // A form without the field (an older page) leaves the setting as it is.
      expect((await post({})).status).toBe(302);
      expect((await getSiteSettings()).countVisits).toBe(true);
      // The settings page's form, the box unticked.
      expect((await post({ countVisitsShown: "on" })).status).toBe(302);
      expect((await getSiteSettings()).countVisits).toBe(false);
      expect(await privacyText()).not.toContain(visitsLine);

      await startVisitCounting();
      expect(countingVisits()).toBe(false);
      await fetch(`${baseUrl}/services`, { headers: { "User-Agent": BROWSER } }).then((answer) => answer.arrayBuffer());
      await stopVisitCounting();
      const today = dayIn(Date.now(), siteTimeZone(await getSiteSettings()));
      expect((await countsOf(today))["page:/services"]).toEqual([3, 1]);

      expect((await post({ countVisitsShown: "on", countVisits: "on" })).status).toBe(302);
      expect((await getSiteSettings()).countVisits).toBe(true);
      await db().update(siteSettings).set({ countVisits: true });
    });
  });

  it("waits, when it stops, for a view whose session cookie is still being checked", async () => {
    await startVisitCounting();
    let answer: (admin: boolean) => void = () => undefined;
    countPageViewUnlessAdmin(new Promise((resolve) => (answer = resolve)), view("/work"), "203.0.113.9", BROWSER);
    // The cookie's check ends after counting has begun to stop (a busy thread pool: crypto waits).
    const stopped = stopVisitCounting();
    setTimeout(() => answer(false), 200);
    await stopped;
    const today = dayIn(Date.now(), siteTimeZone(await getSiteSettings()));
    expect((await countsOf(today))["page:/work"]).toEqual([1, 1]);
  });

  it("adds up two instances' increments, and counts a visitor seen by both once", async () => {
    const day = "2031-03-10";
    const noon = Date.parse(`${day}T12:00:00Z`);
    const first = new VisitCounter(visitsModel, "UTC");
    const second = new VisitCounter(visitsModel, "UTC");
    // Both ask for the day's salt at once: one creates it, both use it.
    await Promise.all([first.prepareSalt(noon), second.prepareSalt(noon)]);
    for (let i = 0; i < 30; i++) first.record(view("/"), "203.0.113.1", BROWSER, noon);
    for (let i = 0; i < 20; i++) second.record(view("/"), "203.0.113.1", BROWSER, noon);
    second.record(view("/services", "mobile"), "198.51.100.2", PHONE, noon);
    await Promise.all([first.flush(noon), second.flush(noon)]);
    first.record(view("/", "mobile"), "198.51.100.2", PHONE, noon);
    await Promise.all([first.flush(noon), second.flush(noon)]);

    const counts = await countsOf(day);
    expect(counts["total:"]).toEqual([52, 2]);
    expect(counts["page:/"]).toEqual([51, 2]);
    expect(counts["page:/services"]).toEqual([1, 1]);
    expect(counts["device:mobile"]).toEqual([2, 1]);
    expect(await db().select().from(visitSalts).where(eq(visitSalts.day, day))).toHaveLength(1);
  });

  it("adds a failed flush's counts once, with the next flush, and a repeated flush adds nothing", async () => {
    const day = "2031-04-10";
    const noon = Date.parse(`${day}T12:00:00Z`);
    const counter = new VisitCounter(visitsModel, "UTC");
    await counter.prepareSalt(noon);
    counter.record(view("/"), "203.0.113.9", BROWSER, noon);
    const restore = await breakWrites("visit_counts", "disk full");
    await expect(counter.flush(noon)).rejects.toThrow();
    await restore();
    // Nothing of the failed statement was kept, not even its visitor hashes.
    expect(await db().select().from(visitVisitors).where(eq(visitVisitors.day, day))).toHaveLength(0);
    counter.record(view("/"), "203.0.113.9", BROWSER, noon);
    await counter.flush(noon);
    await counter.flush(noon);
    expect((await countsOf(day))["total:"]).toEqual([2, 1]);
  });

  it("deletes the past days' salts and visitor hashes, and keeps the day's counts", async () => {
    const day = "2031-05-10";
    const next = "2031-05-11";
    const counter = new VisitCounter(visitsModel, "UTC");
    const late = Date.parse(`${day}T23:59:00Z`);
    await counter.prepareSalt(late);
    counter.record(view("/"), "203.0.113.5", BROWSER, late);
    await counter.flush(late);
    const [{ salt }] = await db().select().from(visitSalts).where(eq(visitSalts.day, day));

    const morning = Date.parse(`${next}T08:00:00Z`);
    // Another instance still holding a view of the day before: its visitor comes after the salt is gone.
    const behind = new VisitCounter(visitsModel, "UTC");
    await behind.prepareSalt(late);
    behind.record(view("/"), "198.51.100.8", BROWSER, late);
    counter.record(view("/"), "203.0.113.5", BROWSER, morning);
    await counter.flush(morning);
    await behind.flush(late);

    const saltRows = await db()
      .select()
      .from(visitSalts)
      .where(sql`${visitSalts.day} <= ${next}`);
    expect(saltRows.map((row) => row.day)).toEqual([next]);
    expect(saltRows[0].salt).not.toBe(salt);
    expect(
      await db()
        .select()
        .from(visitVisitors)
        .where(and(sql`${visitVisitors.day} <= ${next}`, eq(visitVisitors.dimension, "total"))),
    ).toEqual([expect.objectContaining({ day: next })]);
    // The late view counts; its visitor, hashed after the day was forgotten, does not.
    expect((await countsOf(day))["total:"]).toEqual([2, 1]);
    expect((await countsOf(next))["total:"]).toEqual([1, 1]);
  });
});
