import { readFile } from "node:fs/promises";

import type { Page } from "@playwright/test";

import { createTestOrder } from "../support/factories";
import { productText } from "../support/product-text";
import { openAdmin } from "./admin-helpers";
import { axe } from "./axe";
import { expect, test, unique } from "./fixtures";

// Admin → Insights (docs/product.md 13.2) as an owner uses it, on a phone and a laptop, with
// JavaScript on and off: the charts and tables, the period picker, the CSV, and axe. The figures
// themselves are checked on a database of their own (tests/integration/insights.test.ts).

const WIDTHS = [375, 1280];
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.beforeEach(async ({ login }) => login());

for (const width of WIDTHS) {
  test(`shows the period's charts and tables at ${width} px, and the picker changes the period`, async ({
    page,
    sql,
    db,
    javaScriptEnabled,
  }) => {
    const service = unique("Insights service");
    const path = `/${unique("insights-page").replaceAll(/\W+/g, "-")}`;
    const order = await createTestOrder(db, { serviceName: service, status: "paid" });
    const session = unique("insights-handoff");
    await sql`insert into chat_messages (session_id, message, is_user_message, answered_by, created_at)
      values (${session}, 'A person, please', true, null, now() - interval '3 minutes'),
        (${session}, 'Here to help', false, 'staff', now() - interval '1 minute')`;
    await sql`update chat_sessions set handoff_requested_at = now() - interval '3 minutes', handoff_by = 'visitor'
      where session_id = ${session}`;
    // A page seen far more than any other today, so it leads "Top pages" whatever else ran.
    await sql`insert into visit_counts (day, dimension, value, views, visitors)
      values ((now() at time zone 'UTC')::date, 'page', ${path}, 100000000, 1000)`;
    try {
      await page.setViewportSize({ width, height: 900 });
      await openAdmin(page, "/admin/insights");
      await expect(page.getByRole("heading", { name: productText("Insights"), level: 1 })).toBeVisible();
      for (const heading of [
        "Visitors and page views",
        "From visit to payment",
        "Chat",
        "Revenue per month",
        "Orders per week",
        "Top services by orders",
      ]) {
        await expect(page.getByRole("heading", { name: productText(heading), exact: true })).toBeVisible();
      }
      await expect(page.getByRole("img", { name: /Visitors and page views per day/ })).toBeVisible();
      const funnel = page.getByRole("table", { name: productText("From visit to payment") });
      await expect(funnel.getByRole("rowheader", { name: productText("Paid orders") })).toBeVisible();
      // Other specs' visits may share the first place: this spec's page is among the top ones.
      await expect(
        page.getByRole("table", { name: productText("Top pages") }).getByRole("rowheader", { name: path }),
      ).toBeVisible();
      await expect(page.getByRole("table", { name: productText("Top services by orders") })).toContainText(service);
      const chat = page.getByRole("region", { name: productText("Chat"), exact: true });
      await expect(chat.getByText(productText("Handed to staff"))).toBeVisible();
      await expect(chat.getByText(productText("Median time to a staff reply"))).toBeVisible();
      await expect(
        chat.getByRole("table", { name: productText("Answered by") }).getByRole("rowheader", {
          name: productText("Team (live chat)"),
        }),
      ).toBeVisible();
      expect(await sideways(page)).toBe(0);

      if (javaScriptEnabled) {
        const results = await axe(page);
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => ({ id: v.id, nodes: v.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
      }

      // The figures of a chart open under it, as a table.
      await page.getByText(productText("Show the figures")).first().click();
      await expect(page.getByRole("table", { name: productText("Visitors and page views") })).toBeVisible();

      await page.getByLabel(productText("Period")).selectOption({ label: productText("Last 7 days") });
      await page.getByRole("button", { name: productText("Show") }).click();
      await expect(page).toHaveURL(/\/admin\/insights\?days=7$/);
      await expect(page.getByLabel(productText("Period"))).toHaveValue("7");
      await expect(page.getByRole("table", { name: productText("Top pages") })).toContainText(path);
      expect(await sideways(page)).toBe(0);
    } finally {
      await sql`delete from visit_counts where value = ${path}`;
      await sql`delete from orders where id = ${order.id}`;
      await sql`delete from chat_messages where session_id = ${session}`;
      await sql`delete from chat_sessions where session_id = ${session}`;
    }
  });
}

test("downloads the period's daily figures as CSV", async ({ page }) => {
  await openAdmin(page, "/admin/insights?days=7");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: productText("Download CSV") }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^insights-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "\uFEFFday,visitors,page_views,chat_conversations,handoffs,orders,paid_orders,paid_revenue,collected",
  );
  expect(lines).toHaveLength(8);
  expect(lines[7]).toMatch(/^"\d{4}-\d{2}-\d{2}","\d+","\d+","\d+","\d+","\d+","\d+","\d+\.\d{2}","\d+\.\d{2}"$/);
});

test("draws a year per week, in a page under 200 kB", async ({ page }) => {
  await openAdmin(page, "/admin/insights?days=365");
  await page.getByText(productText("Show the figures")).first().click();
  const figures = page.getByRole("table", { name: productText("Visitors and page views") });
  await expect(figures.getByRole("columnheader", { name: productText("Week of") })).toBeVisible();
  await expect(figures.locator("tbody tr")).toHaveCount(53);
  const html = await (await page.request.get("/admin/insights?days=365")).text();
  expect(html.length).toBeLessThan(200_000);
});
