import { randomBytes } from "node:crypto";

import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import * as adminServices from "~/routes/admin/services/list";
import * as catalogue from "~/routes/public/services";

import { createTestAdmin, createTestService } from "../support/factories";
import { getRequest, send, sessionFor, TEST_ORIGIN } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

// The catalogue and the admin's services list at a thousand services: one page at a time, with
// the search and the category filter done by the database.

const BULK = 1000;
const CATALOGUE_PAGE = 24;
const ADMIN_PAGE = 50;

type CataloguePage = Awaited<ReturnType<typeof catalogue.loader>>;
type AdminPage = Awaited<ReturnType<typeof adminServices.loader>>;

async function loaded<T>(path: string, routeId: string, cookie?: string): Promise<T> {
  const answer = await send(getRequest(path, cookie));
  expect(answer.status).toBe(200);
  return answer.loaderData[routeId] as T;
}

const cataloguePage = (path: string) => loaded<CataloguePage>(path, "routes/public/services");

/** The HTML the catalogue's component renders for what its loader answered at `path`. */
async function renderCatalogue(path: string): Promise<string> {
  const loaderData = await cataloguePage(path);
  // Inside the public layout, whose loader gives the page its origin.
  const layout = { origin: TEST_ORIGIN };
  const Stub = createRoutesStub([
    {
      id: "routes/public/layout",
      loader: () => layout,
      children: [{ id: "screen", path: "/services", Component: catalogue.default as never, loader: () => loaderData }],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: { loaderData: { "routes/public/layout": layout, screen: loaderData } },
    }),
  );
}

describe.each(BACKENDS)("the catalogue at a thousand services on %s", (backend) => {
  useTestDatabase(backend);
  // The bulk services share a category of their own, so counts here ignore the demo content.
  const category = `bulk-${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    // Newest first: service 1 is the newest, service 1000 the oldest.
    await db().execute(sql`
      insert into services (name, description, category, setup_price, monthly_price, created_at)
      select 'Bulk service ' || lpad(i::text, 4, '0'),
             'Moves record ' || i || ' from the shop to the CRM and a spreadsheet, with a report each week.',
             ${category}, 100 + i, i % 3 * 10, now() - i * interval '1 second'
      from generate_series(1, ${BULK}) as i`);
  });

  it("sends 24 services of the first page and a small page", async () => {
    const data = await cataloguePage("/services");
    expect(data.services).toHaveLength(CATALOGUE_PAGE);
    expect(data.total).toBeGreaterThanOrEqual(BULK);
    expect(data.page).toBe(1);
    expect(data.pageCount).toBe(Math.ceil(data.total / CATALOGUE_PAGE));
    expect(JSON.stringify(data).length).toBeLessThan(20_000);

    const html = await renderCatalogue("/services");
    expect(html.match(/<article /g)).toHaveLength(CATALOGUE_PAGE);
    // The structured data lists the page's services, not the catalogue.
    expect(html.match(/"@type":"Service"/g)).toHaveLength(CATALOGUE_PAGE);
    expect(html.length).toBeLessThan(60_000);
    expect(html).toContain(`href="/services?page=2"`);
  });

  it("reads the categories with a query of their own, once each and by label", async () => {
    const data = await cataloguePage("/services");
    expect(data.categories.filter((c) => c === category)).toEqual([category]);
    expect(new Set(data.categories).size).toBe(data.categories.length);
    expect(data.categories).toEqual([...data.categories].sort((a, b) => a.localeCompare(b)));
  });

  it("pages through a category in order: first, middle and last page, and past the last", async () => {
    const pageOf = async (page: number) => cataloguePage(`/services?category=${category}&page=${page}`);
    const names = (data: CataloguePage) => data.services.map((s) => s.name);
    const bulkName = (i: number) => `Bulk service ${String(i).padStart(4, "0")}`;

    const first = await pageOf(1);
    expect([first.total, first.pageCount, first.category]).toEqual([BULK, 42, category]);
    expect(names(first)).toEqual(Array.from({ length: 24 }, (_, i) => bulkName(i + 1)));

    const middle = await pageOf(21);
    expect(middle.page).toBe(21);
    expect(names(middle)).toEqual(Array.from({ length: 24 }, (_, i) => bulkName(481 + i)));

    const last = await pageOf(42);
    expect(names(last)).toEqual(Array.from({ length: 16 }, (_, i) => bulkName(985 + i)));

    const past = await pageOf(500);
    expect(past.page).toBe(42);
    expect(names(past)).toEqual(names(last));

    const html = await renderCatalogue(`/services?category=${category}&page=21`);
    expect(html).toContain(`href="/services?category=${category}&amp;page=20"`);
    expect(html).toContain(`href="/services?category=${category}&amp;page=22"`);
    expect(html).toContain('aria-current="page"');
  });

  it("searches on the server: every word, in the name or the description, ignoring case", async () => {
    const word = uniqueName("Tapir").replace(/\s+/g, "");
    const named = await createTestService(db(), { isActive: true, name: `${word} Invoice Reader` });
    const described = await createTestService(db(), {
      isActive: true,
      description: `Reads ${word.toUpperCase()} invoices`,
    });
    await createTestService(db(), { isActive: false, name: `${word} Hidden` });

    const both = await cataloguePage(`/services?q=${encodeURIComponent(word.toLowerCase())}`);
    expect(both.services.map((s) => s.id).sort()).toEqual([named.id, described.id].sort());
    expect(both.total).toBe(2);

    const narrowed = await cataloguePage(`/services?q=${encodeURIComponent(`  invoice   ${word} reader `)}`);
    expect(narrowed.services.map((s) => s.id)).toEqual([named.id]);

    // LIKE's wildcards in a search are plain characters.
    expect((await cataloguePage(`/services?q=${encodeURIComponent(`${word}%`)}`)).total).toBe(0);
    expect((await cataloguePage(`/services?q=${encodeURIComponent("_")}`)).total).toBe(0);
  });

  it("filters by category and search together, and shows everything for a category not offered", async () => {
    const one = await cataloguePage(`/services?category=${category}&q=${encodeURIComponent("record 999 ")}`);
    expect(one.services.map((s) => s.name)).toEqual(["Bulk service 0999"]);

    const unknown = await cataloguePage("/services?category=no-such-category");
    expect(unknown.category).toBe("");
    expect(unknown.total).toBe((await cataloguePage("/services")).total);
  });

  it("pages the admin's list by 50, with a search over every service", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const adminPage = (path: string) => loaded<AdminPage>(path, "routes/admin/services/list", cookie);

    const first = await adminPage("/admin/services");
    expect(first.services).toHaveLength(ADMIN_PAGE);
    expect(first.pageCount).toBe(Math.ceil(first.total / ADMIN_PAGE));

    const hidden = await createTestService(db(), { isActive: false, name: uniqueName("Dormant") });
    const found = await adminPage(`/admin/services?q=${encodeURIComponent(hidden.name)}`);
    expect(found.services.map((s) => s.id)).toEqual([hidden.id]);

    const bulk = await adminPage(`/admin/services?q=${encodeURIComponent("bulk service")}&page=20`);
    expect([bulk.total, bulk.page, bulk.pageCount, bulk.services.length]).toEqual([BULK, 20, 20, 50]);
    expect(bulk.services.at(-1)?.name).toBe("Bulk service 1000");
  });
});
