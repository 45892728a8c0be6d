import { createTestAdmin, createTestOrder, createTestService } from "../support/factories";
import { deleteTestAdmin, guardedAdminPaths } from "./admin-helpers";
import { expect, test, unique } from "./fixtures";

// The guard is on the server: requests without a session (or from another site) change nothing,
// whatever a browser's page would have allowed. The admin paths come from the route table
// (app/routes.ts). Browser-independent, so run once.

test("a POST to any admin route without a session changes nothing", { tag: "@js" }, async ({ request, sql, db }) => {
  const service = await createTestService(db);
  const order = await createTestOrder(db, { status: "pending" });
  const admin = await createTestAdmin(db);
  const [message] =
    await sql`insert into contact_messages (name, email, message) values ('Guard', 'g@example.com', 'Hi') returning id`;
  const [webhook] = await sql`
    insert into webhooks (name, url, is_active) values (${unique("E2E Guard Hook")}, 'http://127.0.0.1:1/hook', false)
    returning id`;
  const [eventWebhook] = await sql`
    insert into event_webhooks (name, url, events, is_active, secret)
    values (${unique("E2E Guard Events")}, 'http://127.0.0.1:1/events', '{order.created}', false, 'whsec_AAAA')
    returning id`;
  const marker = unique("intruder").replace(/\s+/g, "-");
  const [caseStudy] = await sql`
    insert into case_studies (slug, title, client_name, industry, problem, solution)
    values (${unique("guard")
      .replace(/[^a-z0-9]+/gi, "-")
      .toLowerCase()}, 'Guard', 'c', 'i', 'p', 's')
    returning id`;
  const [testimonial] = await sql`insert into testimonials (quote, name) values ('q', 'Guard') returning id`;
  const [logo] = await sql`insert into client_logos (alt_text, image_url) values ('Guard', '/x.svg') returning id`;
  const ids: Record<string, string> = {
    serviceId: service.id,
    webhookId: webhook.id,
    adminId: admin.id,
    eventWebhookId: eventWebhook.id,
    caseStudyId: caseStudy.id,
    testimonialId: testimonial.id,
    logoId: logo.id,
  };
  const caseStudyForm = { title: marker, clientName: "c", industry: "i", problem: "p", solution: "s", published: "on" };
  const testimonialForm = { quote: marker, name: marker, published: "on" };
  const logoForm = { altText: marker, imageUrl: "/x.svg" };
  const eventWebhookForm = { name: marker, url: "http://127.0.0.1:1/events", events: "order.created", isActive: "on" };
  const serviceForm = { name: marker, category: "notifications", description: "x", setupPrice: "1", monthlyPrice: "0" };
  const webhookForm = { name: marker, url: "http://127.0.0.1:1/hook", method: "POST" };
  // What a form on each admin route would send: every route of the table has an entry (an empty
  // form where there is no action), so that a route added later is attacked too.
  const attacks: Record<string, Record<string, string>> = {
    admin: {},
    "admin/services": { intent: "delete", serviceId: service.id },
    "admin/services/new": serviceForm,
    "admin/services/:serviceId/edit": serviceForm,
    "admin/case-studies": { intent: "delete", caseStudyId: caseStudy.id },
    "admin/case-studies/new": caseStudyForm,
    "admin/case-studies/:caseStudyId/edit": caseStudyForm,
    "admin/testimonials": { intent: "delete", testimonialId: testimonial.id },
    "admin/testimonials/new": testimonialForm,
    "admin/testimonials/:testimonialId/edit": testimonialForm,
    "admin/testimonials/logos/new": logoForm,
    "admin/testimonials/logos/:logoId/edit": logoForm,
    "admin/orders": { intent: "status", orderId: order.id, status: "paid" },
    "admin/orders/export.csv": {},
    "admin/messages": { intent: "delete", messageId: message.id },
    "admin/chats": {},
    "admin/chats/stream": {},
    "admin/insights": {},
    "admin/insights/export.csv": {},
    "admin/settings": {
      companyName: marker,
      workflowToolName: "n8n",
      homepageHeadline: marker,
      homepageSubtext: marker,
      supportEmail: "x@example.com",
    },
    "admin/content": { intent: "faq-add", question: marker, answer: marker },
    "admin/legal": { privacyPolicy: marker, terms: marker },
    "admin/founder": { intent: "add-skill", skill: marker },
    "admin/integrations": { airtableBaseId: marker },
    "admin/webhooks": { intent: "delete", webhookId: webhook.id },
    "admin/webhooks/new": webhookForm,
    "admin/webhooks/:webhookId/edit": webhookForm,
    "admin/webhooks/events/new": eventWebhookForm,
    "admin/webhooks/events/:eventWebhookId/edit": eventWebhookForm,
    "admin/webhooks/events/:eventWebhookId/log": { intent: "test" },
    "admin/webhooks/deliveries": { intent: "redeliver", deliveryId: `msg_${"0".repeat(32)}` },
    "admin/admins": { intent: "delete", adminId: admin.id },
    "admin/admins/new": {
      username: marker,
      email: "i@example.com",
      role: "super_admin",
      password: "intruder-password",
      isActive: "on",
    },
    "admin/admins/:adminId/edit": { username: marker, email: "i@example.com", role: "super_admin", isActive: "on" },
    "admin/account": { currentPassword: "x", newPassword: "intruder-password", confirmPassword: "intruder-password" },
    "admin/activity": {},
    "admin/personal-data": { intent: "erase", email: "g@example.com" },
    "admin/personal-data/export.json": {},
  };
  try {
    expect(Object.keys(attacks).sort()).toEqual(guardedAdminPaths().sort());
    for (const [routePath, form] of Object.entries(attacks)) {
      const url = `/${routePath.replace(/:(\w+)/g, (_, name: string) => ids[name])}`;
      const response = await request.post(url, { form, maxRedirects: 0 });
      expect(response.status(), url).toBe(302);
      expect(response.headers().location, url).toBe("/admin/login");
    }

    expect(await sql`select 1 from services where name = ${marker}`).toHaveLength(0);
    expect((await sql`select name from services where id = ${service.id}`)[0]?.name).toBe(service.name);
    expect((await sql`select status from orders where id = ${order.id}`)[0].status).toBe("pending");
    expect(await sql`select 1 from contact_messages where id = ${message.id}`).toHaveLength(1);
    // Only what the attempts tried to change: other specs may edit these shared records meanwhile.
    expect(
      await sql`select 1 from site_settings where company_name = ${marker} or homepage_headline = ${marker}
        or privacy_policy = ${marker} or terms = ${marker} or faq::text like ${`%${marker}%`}`,
    ).toHaveLength(0);
    expect(await sql`select 1 from founder_info where ${marker} = any(skills)`).toHaveLength(0);
    expect(await sql`select 1 from integrations where airtable_base_id = ${marker}`).toHaveLength(0);
    expect(await sql`select 1 from webhooks where name = ${marker}`).toHaveLength(0);
    expect(await sql`select 1 from webhooks where id = ${webhook.id}`).toHaveLength(1);
    expect(await sql`select 1 from event_webhooks where name = ${marker}`).toHaveLength(0);
    expect(await sql`select 1 from outbox_events where event_webhook_id = ${eventWebhook.id}`).toHaveLength(0);
    expect(await sql`select 1 from admin_users where username = ${marker}`).toHaveLength(0);
    expect(await sql`select title from case_studies where title = ${marker} or id = ${caseStudy.id}`).toEqual([
      { title: "Guard" },
    ]);
    expect(await sql`select name from testimonials where name = ${marker} or id = ${testimonial.id}`).toEqual([
      { name: "Guard" },
    ]);
    expect(await sql`select alt_text from client_logos where alt_text = ${marker} or id = ${logo.id}`).toEqual([
      { alt_text: "Guard" },
    ]);
    expect((await sql`select username, role from admin_users where id = ${admin.id}`)[0]).toEqual({
      username: admin.username,
      role: "admin",
    });
  } finally {
    await sql`delete from orders where id = ${order.id}`;
    await sql`delete from services where id = ${service.id}`;
    await sql`delete from contact_messages where id = ${message.id}`;
    await sql`delete from webhooks where id = ${webhook.id}`;
    await sql`delete from event_webhooks where id = ${eventWebhook.id}`;
    await sql`delete from case_studies where id = ${caseStudy.id}`;
    await sql`delete from testimonials where id = ${testimonial.id}`;
    await sql`delete from client_logos where id = ${logo.id}`;
    await deleteTestAdmin(db, admin);
  }
});

test("every admin page, and the CSV export, needs a session", { tag: "@js" }, async ({ request }) => {
  for (const routePath of guardedAdminPaths()) {
    const url = `/${routePath.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000")}`;
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(302);
    expect(response.headers().location, url).toBe(
      url === "/admin" ? "/admin/login" : `/admin/login?redirectTo=${encodeURIComponent(url)}`,
    );
  }
});

test("every admin response, page or data, is marked no-store", { tag: "@js" }, async ({ page, request, login }) => {
  // Signed out: the login page and its data, and the redirect away from a guarded page.
  for (const path of ["/admin/login", "/admin/login.data", "/admin/integrations"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }
  await login();
  for (const path of [
    "/admin",
    "/admin.data",
    "/admin/integrations",
    "/admin/integrations.data",
    "/admin/services/new",
    "/admin/orders/export.csv",
    "/admin/no-such-page",
  ]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).not.toBe(302);
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }
});

test("a signed-in admin's POST from another site is refused", { tag: "@js" }, async ({ page, sql, login }) => {
  await login();
  const marker = unique("E2E Cross Site");
  const response = await page.request.post("/admin/services/new", {
    form: { name: marker, category: "notifications", description: "x", setupPrice: "1", monthlyPrice: "0" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await sql`select 1 from services where name = ${marker}`).toHaveLength(0);
});

test("an unknown intent is a bad request", { tag: "@js" }, async ({ page, login }) => {
  await login();
  const response = await page.request.post("/admin/services", { form: { intent: "explode" }, maxRedirects: 0 });
  expect(response.status()).toBe(400);
});
