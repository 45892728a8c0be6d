import { createTestOrder } from "../support/factories";
import { openAdmin } from "./admin-helpers";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ login }) => login());

test("changes an order's status from its card", async ({ page, sql, javaScriptEnabled, db }) => {
  const order = await createTestOrder(db, { status: "pending" });
  try {
    await openAdmin(page, "/admin/orders");
    const card = page.getByRole("listitem", { name: order.clientName });
    await card.getByLabel(`Status for ${order.clientName}`).selectOption("paid");
    // With JavaScript the choice is saved at once; without, with the Update button.
    if (!javaScriptEnabled) await card.getByRole("button", { name: `Update status for ${order.clientName}` }).click();
    await expect(page.getByText("Order status updated successfully!")).toBeVisible();
    await expect(card.getByText("Paid", { exact: true }).first()).toBeVisible();
    const [stored] = await sql`select status from orders where id = ${order.id}`;
    expect(stored.status).toBe("paid");
  } finally {
    await sql`delete from orders where id = ${order.id}`;
  }
});

test("filters orders by status through ?status=", async ({ page, sql, db }) => {
  const paid = await createTestOrder(db, { status: "paid" });
  const pending = await createTestOrder(db, { status: "pending" });
  try {
    await openAdmin(page, "/admin/orders?status=paid");
    await expect(page.getByRole("listitem", { name: paid.clientName })).toBeVisible();
    await expect(page.getByRole("listitem", { name: pending.clientName })).toHaveCount(0);
    const filters = page.getByRole("navigation", { name: "Filter orders by status" });
    await filters.getByRole("link", { name: "Pending" }).click();
    await expect(page).toHaveURL(/\?status=pending$/);
    await expect(page.getByRole("listitem", { name: pending.clientName })).toBeVisible();
    await expect(page.getByRole("listitem", { name: paid.clientName })).toHaveCount(0);
    await filters.getByRole("link", { name: "All Orders" }).click();
    await expect(page.getByRole("listitem", { name: paid.clientName })).toBeVisible();
    await expect(page.getByRole("listitem", { name: pending.clientName })).toBeVisible();
  } finally {
    await sql`delete from orders where id in (${paid.id}, ${pending.id})`;
  }
});

test("shows an order's details in a panel that closes", async ({ page, sql, db }) => {
  const order = await createTestOrder(db);
  try {
    await openAdmin(page, "/admin/orders");
    await page.getByRole("link", { name: `View order of ${order.clientName}` }).click();
    const heading = page.getByRole("heading", { name: "Order Details" });
    await expect(heading).toBeVisible();
    await expect(page.getByText("Please call in the morning")).toBeVisible();
    await expect(page.getByText("+1 555 0100")).toBeVisible();
    await page.getByRole("link", { name: "Close" }).click();
    await expect(heading).toHaveCount(0);
  } finally {
    await sql`delete from orders where id = ${order.id}`;
  }
});

test("exports the filtered orders as CSV", async ({ page, sql, db }) => {
  const paid = await createTestOrder(db, { status: "paid", clientName: `=Formula ${Date.now()}` });
  const pending = await createTestOrder(db, { status: "pending" });
  try {
    await openAdmin(page, "/admin/orders?status=paid");
    const link = page.getByRole("link", { name: "Export CSV" });
    await expect(link).toHaveAttribute("href", "/admin/orders/export.csv?status=paid");
    const response = await page.request.get("/admin/orders/export.csv?status=paid");
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(
      /attachment; filename="orders-paid-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const csv = await response.text();
    expect(csv.split("\r\n")[0]).toBe(
      "\uFEFFid,order_date,status,client_name,client_email,client_phone,service_name,setup_price,monthly_price,total_price,payment_method,notes",
    );
    // Cells a spreadsheet would run as formulas are kept as text.
    expect(csv).toContain(`'${paid.clientName}`);
    expect(csv).not.toContain(pending.clientName);
  } finally {
    await sql`delete from orders where id in (${paid.id}, ${pending.id})`;
  }
});

test("the CSV export needs a session", async ({ page }) => {
  await page.context().clearCookies();
  const response = await page.request.get("/admin/orders/export.csv", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/^\/admin\/login/);
});
