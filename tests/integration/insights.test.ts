import { eq, sql } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chatMessages, outboxEvents, payments, siteSettings, visitCounts } from "~/db/schema";
import { updateSiteSettings } from "~/models/site-settings.server";
import { queueMonthlySummary } from "~/services/insights/monthly-summary.server";
import { buildInsightsReport } from "~/services/insights/report.server";
import { closeMailTransport } from "~/services/outbox/email.server";
import { runOutbox } from "~/services/outbox/worker.server";

import { overrideAppEnv } from "../support/app-env";
import { createTestAdmin, createTestOrder } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

// Admin → Insights' figures against a seeded set of visits, chats, orders and payments, and the
// trigger-kept insight_days against a rebuild from the tables after every kind of write.

const ZONE = "America/New_York";
const STAFF = "staff@agency.test";

// The summary email goes through a real SMTP server on 127.0.0.1.
const mails: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        mails.push(mail);
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});
beforeAll(() => new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve)));
afterAll(async () => {
  closeMailTransport();
  await new Promise<void>((resolve) => smtp.close(resolve));
});
overrideAppEnv(() => ({
  SITE_URL: "https://agency.test",
  SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
  MAIL_FROM: "Agency <hello@agency.test>",
  STAFF_EMAIL: STAFF,
}));

describe.each(BACKENDS)("insights on %s", (backend) => {
  const database = useTestDatabase(backend);
  const query = <Row>(text: string) => database().transaction((tx) => tx.query<Row>(text));
  const keptDays = () =>
    query<Record<string, string>>(
      "select metric, day::text, key, count::text, amount::numeric(12,2)::text from insight_days where count <> 0 or amount <> 0 order by 1, 2, 3",
    );

  /** insight_days must equal what a rebuild from the tables makes. */
  async function expectDaysExact() {
    const kept = await keptDays();
    await query("select public.rebuild_insight_days()");
    expect(kept).toEqual(await keptDays());
  }

  it("gives the funnel, the days, months, weeks and top lists of a seeded period in the site's zone", async () => {
    await updateSiteSettings({ timeZone: ZONE });
    const db = database().db;
    const service = uniqueName("Invoice bot");
    // 03:00 UTC on the 10th is the evening of the 9th in New York.
    await createTestOrder(db, {
      serviceName: service,
      totalPrice: 100,
      status: "paid",
      createdAt: new Date("2026-03-10T03:00:00Z"),
    });
    await createTestOrder(db, {
      serviceName: service,
      totalPrice: 50,
      status: "pending",
      createdAt: new Date("2026-03-10T15:00:00Z"),
    });
    await createTestOrder(db, {
      serviceName: "CRM sync",
      totalPrice: 70,
      status: "cancelled",
      createdAt: new Date("2026-03-16T15:00:00Z"),
    });
    await createTestOrder(db, {
      serviceName: "CRM sync",
      totalPrice: 300,
      status: "paid",
      createdAt: new Date("2026-04-02T15:00:00Z"),
    });
    // Before the period: not counted.
    await createTestOrder(db, {
      serviceName: service,
      totalPrice: 999,
      status: "paid",
      createdAt: new Date("2026-02-01T15:00:00Z"),
    });
    await db.insert(payments).values([
      { provider: "stripe", kind: "setup", amount: 100, currency: "USD", paidAt: new Date("2026-03-10T16:00:00Z") },
      { provider: "cash", kind: "setup", amount: 40, currency: "USD", paidAt: new Date("2026-04-05T16:00:00Z") },
      // Refunded, or in another currency: not collected in USD.
      {
        provider: "stripe",
        kind: "setup",
        amount: 55,
        currency: "USD",
        status: "refunded",
        paidAt: new Date("2026-03-11T16:00:00Z"),
      },
      { provider: "stripe", kind: "setup", amount: 66, currency: "EUR", paidAt: new Date("2026-03-11T16:00:00Z") },
    ]);
    const chat = (session: string, at: string, answeredBy: string) => [
      { sessionId: session, message: "Hello", isUserMessage: true, createdAt: new Date(at) },
      { sessionId: session, message: "Hi!", isUserMessage: false, answeredBy, createdAt: new Date(at) },
    ];
    await db
      .insert(chatMessages)
      .values([
        ...chat(uniqueName("s"), "2026-03-10T16:00:00Z", "Sales bot"),
        ...chat(uniqueName("s"), "2026-03-10T17:00:00Z", "Sales bot"),
        ...chat(uniqueName("s"), "2026-03-12T17:00:00Z", "Sales bot"),
        ...chat(uniqueName("s"), "2026-04-01T17:00:00Z", "canned"),
      ]);
    const visit = (day: string, dimension: string, value: string, views: number, visitors: number) => ({
      day,
      dimension,
      value,
      views,
      visitors,
    });
    await db
      .insert(visitCounts)
      .values([
        visit("2026-03-10", "total", "", 500, 200),
        visit("2026-04-01", "total", "", 300, 100),
        visit("2026-03-10", "page", "/", 300, 150),
        visit("2026-04-01", "page", "/", 100, 60),
        visit("2026-03-10", "page", "/services", 200, 80),
        visit("2026-04-01", "page", "/order", 200, 70),
        visit("2026-03-10", "source", "news.ycombinator.com", 50, 40),
        visit("2026-03-10", "utm_campaign", "spring", 20, 10),
        visit("2026-01-10", "page", "/old", 9999, 9999),
      ]);

    const report = await buildInsightsReport({ days: 62, today: "2026-04-30" });
    expect(report.timeZone).toBe(ZONE);
    expect(report.range).toEqual({ from: "2026-02-28", to: "2026-04-30" });
    expect(report.funnel.map((step) => [step.step, step.value, step.rate])).toEqual([
      ["visitors", 300, null],
      ["chats", 4, 1.3],
      ["orders", 4, 100],
      ["paid", 2, 50],
    ]);
    const day = (d: string) => report.points.find((row) => row.day === d);
    expect(day("2026-03-09")).toMatchObject({ orders: 1, paidOrders: 1, paidRevenue: 100 });
    expect(day("2026-03-10")).toMatchObject({
      orders: 1,
      paidOrders: 0,
      chats: 2,
      visitors: 200,
      views: 500,
      collected: 100,
    });
    expect(report.totals).toMatchObject({ paidRevenue: 400, collected: 140, views: 800 });
    expect(report.months).toEqual([
      { month: "2026-02", paidRevenue: 0, collected: 0 },
      { month: "2026-03", paidRevenue: 100, collected: 100 },
      { month: "2026-04", paidRevenue: 300, collected: 40 },
    ]);
    const week = (w: string) => report.weeks.find((row) => row.week === w)?.counts;
    expect(week("2026-03-09")).toEqual({ pending: 1, paid: 1, cancelled: 0 });
    expect(week("2026-03-16")).toEqual({ pending: 0, paid: 0, cancelled: 1 });
    expect(report.topPages.map((row) => [row.value, row.views])).toEqual([
      ["/", 400],
      ["/order", 200],
      ["/services", 200],
    ]);
    expect(report.topSources).toEqual([{ value: "news.ycombinator.com", views: 50, visitors: 40 }]);
    expect(report.topCampaigns).toEqual([{ value: "spring", views: 20, visitors: 10 }]);
    expect(report.servicesByOrders).toEqual(
      [
        { name: service, orders: 2, revenue: 100 },
        { name: "CRM sync", orders: 2, revenue: 300 },
      ].sort((a, b) => b.orders - a.orders || a.name.localeCompare(b.name)),
    );
    expect(report.servicesByRevenue.map((row) => row.name)).toEqual(["CRM sync", service]);
    expect(report.replies).toEqual([
      { key: "Sales bot", count: 3, percent: 75 },
      { key: "canned", count: 1, percent: 25 },
    ]);
    expect(report.cannedShare).toBe(25);
    // Per week, summed by the database: the same period, months, weeks and totals.
    const weekly = await buildInsightsReport({ days: 62, today: "2026-04-30" }, "week");
    expect(weekly.points.map((row) => row.day).slice(0, 3)).toEqual(["2026-02-23", "2026-03-02", "2026-03-09"]);
    expect(weekly.points.find((row) => row.day === "2026-03-09")).toEqual({
      day: "2026-03-09",
      visitors: 200,
      views: 500,
      chats: 3,
      handoffs: 0,
      orders: 2,
      paidOrders: 1,
      paidRevenue: 100,
      collected: 100,
    });
    expect([weekly.totals, weekly.months, weekly.weeks, weekly.funnel]).toEqual([
      report.totals,
      report.months,
      report.weeks,
      report.funnel,
    ]);
    await expectDaysExact();
  });

  it("counts the period's handoffs to staff by day and the median time to the first staff reply", async () => {
    await updateSiteSettings({ timeZone: ZONE });
    const db = database().db;
    const handoff = async (by: string, requestedAt: string, staffRepliesAt: string[]) => {
      const session = uniqueName("handoff");
      await db.insert(chatMessages).values([
        { sessionId: session, message: "A person, please", isUserMessage: true, createdAt: new Date(requestedAt) },
        ...staffRepliesAt.map((at) => ({
          sessionId: session,
          message: "Here to help",
          isUserMessage: false,
          answeredBy: "staff",
          createdAt: new Date(at),
        })),
      ]);
      await db.execute(
        sql`update chat_sessions set handoff_requested_at = ${requestedAt}::timestamptz, handoff_by = ${by}
          where session_id = ${session}`,
      );
    };
    // A staff reply before the request (an earlier handoff's) is not the answer to it.
    await handoff("visitor", "2026-06-02T14:00:30Z", ["2026-06-02T13:00:00Z", "2026-06-02T14:02:30Z"]);
    // 03:30 UTC on the 3rd is the evening of the 2nd in New York; only the first reply counts.
    await handoff("assistant", "2026-06-03T03:30:00Z", ["2026-06-03T03:40:00Z", "2026-06-03T03:50:00Z"]);
    await handoff("visitor", "2026-06-05T15:00:00Z", []);
    await handoff("visitor", "2026-06-06T12:00:00Z", ["2026-06-06T12:05:00Z"]);
    // Staff taking a conversation over, and a request after the period: not counted.
    await handoff("staff", "2026-06-05T16:00:00Z", ["2026-06-05T16:00:00Z"]);
    await handoff("visitor", "2026-07-01T05:00:00Z", ["2026-07-01T05:01:00Z"]);

    const report = await buildInsightsReport({ from: "2026-06-01", to: "2026-06-30" });
    expect(report.totals.handoffs).toBe(4);
    expect(report.points.filter((row) => row.handoffs > 0).map((row) => [row.day, row.handoffs])).toEqual([
      ["2026-06-02", 2],
      ["2026-06-05", 1],
      ["2026-06-06", 1],
    ]);
    // Replies after 120 s, 600 s and 300 s; the request on the 5th is still waiting.
    expect(report.handoffReplies).toEqual({ answered: 3, medianSeconds: 300 });
    const before = await buildInsightsReport({ from: "2026-05-01", to: "2026-05-31" });
    expect(before.totals.handoffs).toBe(0);
    expect(before.handoffReplies).toEqual({ answered: 0, medianSeconds: null });
  });

  it("sends the page a year as 53 weekly points, without the daily rows", async () => {
    const cookie = await sessionFor(await createTestAdmin(database().db, { role: "admin" }));
    const page = async (days: number) =>
      (await send(getRequest(`/admin/insights?days=${days}`, cookie))).loaderData["routes/admin/insights"] as {
        step: string;
        trend: { start: string }[];
        report: Record<string, unknown>;
      };
    const year = await page(365);
    expect(year.step).toBe("week");
    expect(year.trend).toHaveLength(53);
    expect(year.report).not.toHaveProperty("points");
    const month = await page(30);
    expect([month.step, month.trend.length]).toEqual(["day", 30]);
  });

  it("keeps the monthly visit sums exact through the flush's upserts and deletes, and tops a period by them", async () => {
    const db = database().db;
    const page = uniqueName("/monthly");
    const other = uniqueName("/other");
    const add = (day: string, value: string, views: number, visitors: number) =>
      db.execute(sql`insert into visit_counts (day, dimension, value, views, visitors)
        values (${day}, 'page', ${value}, ${views}, ${visitors})
        on conflict (day, dimension, value) do update
          set views = visit_counts.views + excluded.views, visitors = visit_counts.visitors + excluded.visitors`);
    await add("2025-06-30", page, 1000, 1000);
    await add("2025-07-01", page, 10, 5);
    await add("2025-07-31", page, 20, 8);
    await add("2025-07-31", page, 5, 1);
    await add("2025-08-15", page, 7, 2);
    await add("2025-08-15", other, 40, 30);
    await add("2025-09-02", other, 1, 1);
    await add("2025-09-03", page, 100, 50);
    await add("2025-06-30", other, 3, 3);
    await db.execute(sql`delete from visit_counts where value = ${other} and day = '2025-06-30'`);
    const months = () =>
      query<Record<string, string>>(
        `select dimension, month::text, value, views::text, visitors::text from visit_months
          where views <> 0 or visitors <> 0 order by 1, 2, 3`,
      );
    const kept = await months();
    expect(kept.filter((row) => row.value === page).map((row) => [row.month, row.views, row.visitors])).toEqual([
      ["2025-06-01", "1000", "1000"],
      ["2025-07-01", "35", "14"],
      ["2025-08-01", "7", "2"],
      ["2025-09-01", "100", "50"],
    ]);
    expect(kept).toEqual(
      await query(
        `select dimension, date_trunc('month', day)::date::text as month, value, sum(views)::text as views,
          sum(visitors)::text as visitors from visit_counts group by 1, 2, 3
          having sum(views) <> 0 or sum(visitors) <> 0 order by 1, 2, 3`,
      ),
    );
    // July and August whole, 1-2 September by day; the 3rd and 30 June are outside.
    const report = await buildInsightsReport({ from: "2025-07-01", to: "2025-09-02" });
    expect(report.topPages).toEqual(
      [
        { value: other, views: 41, visitors: 31 },
        { value: page, views: 42, visitors: 16 },
      ].sort((a, b) => b.views - a.views),
    );
    const days = await buildInsightsReport({ from: "2025-07-31", to: "2025-08-15" });
    expect(days.topPages.map((row) => [row.value, row.views])).toEqual([
      [other, 40],
      [page, 32],
    ]);
  });

  it("keeps the per-day totals exact through status changes, refunds, deletes and a change of zone", async () => {
    const db = database().db;
    const order = await createTestOrder(db, {
      totalPrice: 80,
      status: "pending",
      createdAt: new Date("2026-05-01T02:00:00Z"),
    });
    await db.execute(sql`update orders set status = 'paid' where id = ${order.id}`);
    await db.execute(sql`update orders set notes = 'no change to the totals' where id = ${order.id}`);
    await expectDaysExact();
    await db.execute(
      sql`update payments set status = 'refunded', refunded_at = now() where currency = 'USD' and amount = 40`,
    );
    await db.execute(sql`delete from chat_messages where answered_by = 'canned' or created_at >= '2026-04-01'`);
    await db.execute(sql`delete from orders where total_price = 70`);
    await expectDaysExact();
    const before = await query<{ day: string }>(
      `select day::text from insight_days where metric = 'orders' and key = 'paid' and amount = 80`,
    );
    expect(before).toEqual([{ day: "2026-04-30" }]);
    await updateSiteSettings({ timeZone: "UTC" });
    const after = await query<{ day: string }>(
      `select day::text from insight_days where metric = 'orders' and key = 'paid' and amount = 80`,
    );
    expect(after).toEqual([{ day: "2026-05-01" }]);
    await expectDaysExact();
  });

  it("queues last month's summary email once across instances, only when switched on, and mails it to staff", async () => {
    const summaries = () =>
      database().db.select().from(outboxEvents).where(eq(outboxEvents.type, "insights.monthly_summary"));
    // 01:00 on 1 April in New York (05:00 UTC): the month before is March, in the site's zone.
    const now = new Date("2026-04-01T05:00:00Z");
    await updateSiteSettings({ timeZone: ZONE, monthlySummaryEmail: false });
    expect(await queueMonthlySummary(now)).toBeNull();
    await updateSiteSettings({ monthlySummaryEmail: true });
    // Two instances' hourly runs at once: one queues it.
    const results = await Promise.all([queueMonthlySummary(now), queueMonthlySummary(now)]);
    expect(results.filter(Boolean)).toEqual(["2026-03"]);
    expect(await queueMonthlySummary(now)).toBeNull();
    const [event] = await summaries();
    expect(event.data).toMatchObject({
      month: "2026-03",
      currency: "USD",
      orders: 2,
      paidOrders: 1,
      paidRevenue: 100,
      collected: 100,
      visitors: 200,
      chats: 3,
    });
    if (backend !== "pglite") return;
    await runOutbox();
    const subject = productText("Your month in numbers: {Month Year}").replace("{Month Year}", "March 2026");
    const mail = mails.find((candidate) => candidate.subject === subject);
    expect(mail?.to).toMatchObject({ text: STAFF });
    expect(mail?.text).toContain(
      productText("Here is how {Month Year} went on the website.").replace("{Month Year}", "March 2026"),
    );
    expect(mail?.text).toContain(`${productText("Revenue from paid orders")}: $100`);
    expect(mail?.text).toContain(`${productText("See more in Insights")}: https://agency.test/admin/insights?days=30`);
  });

  it("switches the monthly summary email on and off from Settings", async () => {
    const cookie = await sessionFor(await createTestAdmin(database().db, { role: "admin" }));
    const form = {
      companyName: "Insights Co",
      workflowToolName: "n8n",
      homepageHeadline: "Automations",
      homepageSubtext: "We build them.",
      supportEmail: "help@example.com",
    };
    const stored = async () => (await database().db.select().from(siteSettings))[0].monthlySummaryEmail;
    expect((await send(postRequest("/admin/settings", { ...form, monthlySummaryEmail: "on" }, cookie))).status).toBe(
      302,
    );
    expect(await stored()).toBe(true);
    // A switch that is off is not in the form.
    expect((await send(postRequest("/admin/settings", form, cookie))).status).toBe(302);
    expect(await stored()).toBe(false);
  });
});
