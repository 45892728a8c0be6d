import { createTestOrder, createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { openAdmin, withRecordLock } from "./admin-helpers";
import { expect, test, unique } from "./fixtures";

// The order's timeline (docs/product.md §14.3) and the booking link after an order (§14.2), with
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
