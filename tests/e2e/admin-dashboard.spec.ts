import { createTestOrder } from "../support/factories";
import { productText } from "../support/product-text";
import { openAdmin } from "./admin-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ login }) => login());

test("the dashboard shows the four cards, recent activity and quick actions", async ({ page }) => {
  await openAdmin(page, "/admin");
  // Counts change as other tests run: the cards' presence and format are checked here, the maths
  // on a database of its own (tests/integration/admin-actions.test.ts).
  await expect(page.getByRole("listitem", { name: "Total Services" })).toContainText(/\d+ active/);
  await expect(page.getByRole("listitem", { name: "Total Orders" })).toContainText(/\d+ pending/);
  await expect(page.getByRole("listitem", { name: "Revenue" })).toContainText(/\$[\d,.]+/);
  await expect(page.getByRole("listitem", { name: productText("Collected (30 days)") })).toContainText(
    productText("From recorded payments"),
  );
  await expect(page.getByRole("listitem", { name: "Conversion Rate" })).toContainText(/\d+%/);
  await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
  await page.getByRole("link", { name: "Add a service" }).click();
  await expect(page.getByRole("heading", { name: "Add Service" })).toBeVisible();
});

test("keeps an order's status badge on one line beside its details in Recent Activity", async ({ page, sql, db }) => {
  // The service's name, price and date fill the line; the badge beside it once broke as "Pen / ding".
  const order = await createTestOrder(db, { status: "pending", serviceName: "AI Customer Support Agent" });
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openAdmin(page, "/admin");
    const badge = page
      .getByRole("listitem")
      .filter({ hasText: order.clientName })
      .getByText("Pending", { exact: true });
    const box = await badge.boundingBox();
    // One line of extra-small text and its padding: 20 px; two lines would be 36.
    expect(box?.height).toBeLessThan(24);
  } finally {
    await sql`delete from orders where id = ${order.id}`;
  }
});
