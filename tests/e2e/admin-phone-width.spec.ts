import type { Page } from "@playwright/test";

import { createTestAdmin, createTestOrder, createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { deleteTestAdmin, guardedAdminPaths, openAdmin } from "./admin-helpers";
import { expect, test, unique } from "./fixtures";

// Every admin screen of the route table (app/routes.ts) fits a 375 px phone without scrolling
// sideways, with JavaScript on and off, while its lists hold lines longer than the screen: names
// and texts of a real agency's clients, a chat's session id and an n8n webhook address.

const PHONE = { width: 375, height: 800 };
/**
 * A realistic line longer than a phone is wide, with a word no line break fits (as pasted file
 * names and addresses are) and a unique tail to find and delete it by.
 */
const long = (text: string) => `${text} northwind_logistics_accounting_invoices_2026 ${unique("e2e")}`;
/** One word of 41 characters, as the chat makes session ids. */
const sessionIdLike = () => `session_${Date.now()}_${Math.random().toString(36).slice(2).padEnd(21, "x").slice(0, 21)}`;
const N8N_URL = "https://n8n.example.com/webhook/3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f";

function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("every admin screen fits a 375 px phone without scrolling sideways", async ({ page, sql, db, login }) => {
  test.setTimeout(90_000);
  const service = await createTestService(db, {
    name: long("Invoice processing with Xero, Slack alerts and a weekly report"),
  });
  const order = await createTestOrder(db, {
    clientName: long("Alexandra Fitzgerald-Montgomery of Northwind Logistics"),
    serviceName: service.name,
  });
  const admin = await createTestAdmin(db);
  const sessionId = sessionIdLike();
  const [message] = await sql`
    insert into contact_messages (name, email, message) values (${long("Maximilian Oberhauser-Lindqvist")}, 'phone@example.com', ${long("Can you automate our invoices and send them to Xero every Friday afternoon?")})
    returning id`;
  await sql`insert into chat_messages (session_id, message, is_user_message) values (${sessionId}, ${long("Hi, I would like a workflow that copies new Shopify orders into Airtable")}, true)`;
  const [webhook] = await sql`
    insert into webhooks (name, url, is_active) values (${long("Production n8n chat workflow")}, ${N8N_URL}, false)
    returning id`;
  const [eventWebhook] = await sql`
    insert into event_webhooks (name, url, events, is_active, secret)
    values (${long("Orders to the accounting workflow")}, ${N8N_URL}, '{order.created}', false, 'whsec_AAAA')
    returning id`;
  await sql`insert into audit_log (actor_username, action, target) values (${admin.username}, 'webhook.created', ${long("Production n8n chat workflow")})`;
  const [caseStudy] = await sql`
    insert into case_studies (slug, title, client_name, industry, problem, solution)
    values (${unique("phone")
      .replace(/[^a-z0-9]+/gi, "-")
      .toLowerCase()}, ${long("Invoices from Shopify to Xero without typing")}, ${long("Northwind Logistics")}, 'Logistics', 'p', 's')
    returning id`;
  const [testimonial] =
    await sql`insert into testimonials (quote, name) values (${long("They saved us a day every week")}, 'Phone') returning id`;
  const [logo] =
    await sql`insert into client_logos (alt_text, image_url) values ('Phone', '/favicon.svg') returning id`;
  const ids: Record<string, string> = {
    serviceId: service.id,
    webhookId: webhook.id,
    eventWebhookId: eventWebhook.id,
    adminId: admin.id,
    caseStudyId: caseStudy.id,
    testimonialId: testimonial.id,
    logoId: logo.id,
  };
  try {
    await page.setViewportSize(PHONE);
    await page.goto("/admin/login");
    expect(await sideways(page), "/admin/login").toBe(0);

    await login();
    // Pages only: the CSV and JSON exports are downloads, the Chats stream an event stream.
    const screens = guardedAdminPaths().filter((path) => !/\.\w+$/.test(path) && !path.endsWith("/stream"));
    expect(screens).toEqual(
      expect.arrayContaining(["admin", "admin/personal-data", "admin/webhooks/events/:eventWebhookId/log"]),
    );
    const overflowing: Record<string, number> = {};
    for (const routePath of screens) {
      const url = `/${routePath.replace(/:(\w+)/g, (_, name: string) => ids[name])}`;
      const response = await openAdmin(page, url);
      expect(response?.status(), url).toBe(200);
      const width = await sideways(page);
      if (width !== 0) overflowing[url] = width;
    }
    await openAdmin(page, `/admin/personal-data?email=phone%40example.com`);
    const found = await sideways(page);
    if (found !== 0) overflowing["/admin/personal-data?email=…"] = found;
    // An order's details with its payments table and the pending order's payment steps.
    await sql`insert into payments (order_id, provider, kind, amount, currency, provider_reference, flagged)
      values (${order.id}, 'stripe', 'setup', 178, 'USD', ${`in_${sessionId}`}, true)`;
    await openAdmin(page, `/admin/orders?view=${order.id}`);
    const details = await sideways(page);
    if (details !== 0) overflowing["/admin/orders?view=…"] = details;
    await openAdmin(page, `/admin/chats?session=${encodeURIComponent(sessionId)}`);
    const conversation = await sideways(page);
    if (conversation !== 0) overflowing["/admin/chats?session=…"] = conversation;
    // The screens that scroll sideways, with by how many pixels: none.
    expect(overflowing).toEqual({});
  } finally {
    await sql`delete from audit_log where actor_username = ${admin.username}`;
    await sql`delete from chat_messages where session_id = ${sessionId}`;
    await sql`delete from contact_messages where id = ${message.id}`;
    await sql`delete from webhooks where id = ${webhook.id}`;
    await sql`delete from event_webhooks where id = ${eventWebhook.id}`;
    await sql`delete from case_studies where id = ${caseStudy.id}`;
    await sql`delete from testimonials where id = ${testimonial.id}`;
    await sql`delete from client_logos where id = ${logo.id}`;
    await sql`delete from payments where order_id = ${order.id}`;
    await sql`delete from orders where id = ${order.id}`;
    await sql`delete from services where id = ${service.id}`;
    await deleteTestAdmin(db, admin);
  }
});

test("on a phone the admin sidebar opens from a toggle that reads Menu", async ({ page, login }) => {
  await page.setViewportSize(PHONE);
  await login();
  await page.goto("/admin");
  const toggle = page.locator("summary").getByText(productText("Menu"), { exact: true });
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect(page.getByRole("navigation", { name: productText("Admin") })).toBeVisible();
});
