import { createTestOrder, createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { openAdmin } from "./admin-helpers";
import { seriousViolations } from "./axe";
import { expect, test, unique, withRecordLock } from "./fixtures";

// The order's timeline (docs/product.md §14.3) and the booking link after an order or a message (§14.2), with
// JavaScript and without (the "js" and "nojs" projects).

test.describe("order timeline", () => {
  test.beforeEach(async ({ login }) => login());

  test("adds an internal note to an order; an empty one is refused", async ({ page, sql, db }) => {
    const order = await createTestOrder(db);
    const note = unique("Prefers a call after 10am");
    try {
      await openAdmin(page, `/admin/orders?view=${order.id}`);
      const box = page.getByRole("region", { name: productText("Add an internal note") });
      await box.getByRole("button", { name: productText("Add note") }).click();
      await expect(box.getByText(productText("Write the note first."))).toBeVisible();

      await box.getByLabel(productText("Note")).fill(note);
      await box.getByRole("button", { name: productText("Add note") }).click();
      await expect(page.getByText(productText("Note added"))).toBeVisible();
      const timeline = page.getByRole("list", { name: productText("Timeline") });
      const entry = timeline.getByRole("listitem").filter({ hasText: note });
      await expect(entry).toContainText(productText("Staff only"));
      await expect(timeline.getByRole("listitem").last()).toContainText(productText("Order placed"));
    } finally {
      await sql`delete from orders where id = ${order.id}`;
    }
  });

  test("an order's email form says why it is missing when the site sends no email", async ({ page, sql, db }) => {
    // This server has no SMTP_URL (tests/support/e2e-server.ts): sending is covered by
    // tests/integration/bookings-timeline.test.ts and tests/integration/outbox-email.test.ts.
    const order = await createTestOrder(db);
    try {
      await openAdmin(page, `/admin/orders?view=${order.id}`);
      await expect(
        page.getByText(productText("The site sends no email: set SMTP_URL to email clients from here.")),
      ).toBeVisible();
    } finally {
      await sql`delete from orders where id = ${order.id}`;
    }
  });
});

// axe needs JavaScript in the page: both passes run in the js project, the second with the app's
// scripts blocked, as a visitor without JavaScript gets the screens.
for (const scripts of ["on", "blocked"] as const) {
  test(
    `the timelines of an order and a message have no serious accessibility finding, scripts ${scripts}`,
    { tag: "@js" },
    async ({ page, sql, db, login }) => {
      test.setTimeout(90_000);
      await login();
      if (scripts === "blocked") {
        await page.route("**/*", (route) =>
          route.request().resourceType() === "script" ? route.abort() : route.continue(),
        );
      }
      const order = await createTestOrder(db);
      const [message] = await sql`
        insert into contact_messages (name, email, message)
        values ('Mo Axe', 'mo.axe@example.com', ${unique("Can you connect our CRM?")}) returning id`;
      try {
        await sql`
          insert into order_status_changes (order_id, from_status, to_status, actor_name)
          values (${order.id}, 'pending', 'paid', 'owner')`;
        // The order's confirmation, as the outbox leaves it once sent (dispatched: no worker takes it up).
        await sql`
          with event as (
            insert into outbox_events (type, data, dispatched_at)
            values ('order.created', ${sql.json({ id: order.id })}, now()) returning id
          )
          insert into event_deliveries (event_id, channel, status, delivered_at)
          select id, 'client_email', 'delivered', now() from event`;
        for (const subject of [
          { column: "order_id", id: order.id },
          { column: "contact_message_id", id: message.id },
        ]) {
          await sql`
            insert into staff_notes ${sql({ [subject.column]: subject.id, author_name: "owner", body: "Prefers mornings" })}`;
          await sql`
            insert into staff_emails ${sql({
              [subject.column]: subject.id,
              author_name: "owner",
              to_address: "client@example.com",
              subject: "Your call",
              body: "Hello,\n\nThursday at 10?",
            })}`;
        }
        for (const path of [`/admin/orders?view=${order.id}`, `/admin/messages?view=${message.id}`]) {
          for (const width of [375, 1280]) {
            await page.setViewportSize({ width, height: 900 });
            await page.goto(path);
            const timeline = page.getByRole("list", { name: productText("Timeline") });
            await expect(timeline.getByRole("listitem").filter({ hasText: "Prefers mornings" })).toBeVisible();
            await expect(timeline.getByRole("listitem").filter({ hasText: "Your call" })).toBeVisible();
            if (path.startsWith("/admin/orders")) {
              await expect(
                timeline.getByRole("listitem").filter({ hasText: productText("Order confirmation") }),
              ).toBeVisible();
            }
            expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
          }
        }
      } finally {
        await sql`delete from outbox_events where type = 'order.created' and data ->> 'id' = ${order.id}`;
        await sql`delete from orders where id = ${order.id}`;
        await sql`delete from contact_messages where id = ${message.id}`;
      }
    },
  );
}

test("offers the booking page, prefilled, once the order is placed", async ({ page, sql, db }) => {
  const service = await createTestService(db, { isActive: true });
  await withRecordLock(sql, "integrations", async () => {
    await sql`update integrations set booking_page_url = 'https://cal.com/acme/consultation'`;
    try {
      await page.goto(`/order?service=${service.id}`);
      const form = page.getByRole("form", { name: "Your details" });
      await form.getByLabel("Full Name").fill("Ada Lovelace");
      await form.getByLabel("Email Address").fill("ada@example.com");
      await form.getByLabel("I agree to the terms and conditions").check();
      await form.getByRole("button", { name: "Submit Order" }).click();

      const box = page.getByRole("region", { name: productText("Book your consultation call") });
      const link = box.getByRole("link", { name: productText("Book a call") });
      await expect(link).toHaveAttribute(
        "href",
        "https://cal.com/acme/consultation?name=Ada+Lovelace&email=ada%40example.com",
      );
      await expect(link).toHaveAttribute("target", "_blank");
    } finally {
      await sql`update integrations set booking_page_url = null`;
      await sql`delete from orders where service_id = ${service.id}`;
      await sql`delete from services where id = ${service.id}`;
    }
  });
});

test("offers the booking page, prefilled, once a contact message is sent", async ({ page, sql }) => {
  const email = `${unique("grace")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")}@example.com`;
  // The visitor's address must never be in a URL the server logs or the page cache could key on.
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await withRecordLock(sql, "integrations", async () => {
    await sql`update integrations set booking_page_url = 'https://cal.com/acme/consultation'`;
    try {
      await page.goto("/");
      const form = page.getByRole("form", { name: "Get in Touch" });
      await form.getByLabel("Name").fill("Grace Hopper");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Message").fill(unique("Can we talk about invoices?"));
      await form.getByRole("button", { name: "Send Message" }).click();

      await expect(page.getByRole("status").filter({ hasText: "Message sent!" })).toBeVisible();
      const box = page.getByRole("region", { name: productText("Book your consultation call") });
      await expect(box.getByRole("link", { name: productText("Book a call") })).toHaveAttribute(
        "href",
        `https://cal.com/acme/consultation?name=Grace+Hopper&email=${encodeURIComponent(email)}`,
      );
      expect(requested.filter((url) => url.includes(email) || url.includes(encodeURIComponent(email)))).toEqual([]);
      // It is the sender's once: the page again is everyone's.
      await page.reload();
      await expect(page.getByRole("form", { name: "Get in Touch" })).toBeVisible();
      await expect(box).toHaveCount(0);
    } finally {
      await sql`update integrations set booking_page_url = null`;
      await sql`delete from contact_messages where email = ${email}`;
    }
  });
});
