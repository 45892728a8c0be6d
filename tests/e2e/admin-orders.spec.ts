import { readFile } from "node:fs/promises";
import { createTestOrder } from "../support/factories";
import { productText } from "../support/product-text";
import { openAdmin } from "./admin-helpers";
import { expect, test, unique } from "./fixtures";

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

test("an order's details give the client's status link, with a Copy button when JavaScript runs", async ({
  page,
  sql,
  db,
  javaScriptEnabled,
  baseURL,
}) => {
  const order = await createTestOrder(db);
  try {
    await openAdmin(page, `/admin/orders?view=${order.id}`);
    const [{ status_token: token }] = await sql`select status_token from orders where id = ${order.id}`;
    const statusUrl = `${baseURL}/order/status/${token}`;
    await expect(page.getByText(productText("Client's status page"))).toBeVisible();
    const link = page.getByRole("link", { name: statusUrl });
    await expect(link).toHaveAttribute("href", statusUrl);
    const copy = page.getByRole("button", { name: productText("Copy"), exact: true });
    if (javaScriptEnabled) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await copy.click();
      await expect(page.getByRole("button", { name: productText("Copied"), exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(statusUrl);
    } else {
      await expect(copy).toHaveCount(0);
    }
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name: productText("Your order") })).toBeVisible();
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
      "\uFEFFid,order_date,status,client_name,client_email,client_phone,service_name,setup_price,monthly_price,total_price,payment_method,subscription_state,notes",
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

test("searches orders and pages through the results, keeping the search and the filter", async ({ page, sql }) => {
  const tag = unique("Paged").replace(/\W/g, "");
  // 55 paid orders of one search: a full page and five more, the newest numbered 55.
  await sql`
    insert into orders (client_name, client_email, service_name, setup_price, monthly_price, total_price, status, created_at)
    select ${tag} || ' ' || n, 'paged' || n || '@example.com', 'Paging Service', 100, 0, 100, 'paid',
      now() - (56 - n) * interval '1 second'
    from generate_series(1, 55) as n`;
  try {
    await openAdmin(page, "/admin/orders?status=paid");
    const search = page.getByRole("search", { name: "Search orders" });
    await search.getByRole("searchbox", { name: "Search by name, email or service" }).fill(tag.toLowerCase());
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?status=paid&q=${tag.toLowerCase()}$`));
    const orders = page.getByRole("list", { name: "Orders" });
    await expect(orders.getByRole("listitem")).toHaveCount(50);
    await expect(orders.getByRole("listitem", { name: `${tag} 55` })).toBeVisible();

    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/status=paid&q=[^&]+&after=/);
    await expect(orders.getByRole("listitem")).toHaveCount(5);
    await expect(orders.getByRole("listitem", { name: `${tag} 1` })).toBeVisible();

    // An order's details open over the same page, and closing them goes back to it.
    await page.getByRole("link", { name: `View order of ${tag} 1` }).click();
    await expect(page.getByRole("heading", { name: "Order Details" })).toBeVisible();
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/status=paid&q=[^&]+&after=[^&]+$/);

    await pages.getByRole("link", { name: "Previous page" }).click();
    await expect(orders.getByRole("listitem", { name: `${tag} 55` })).toBeVisible();
    await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);

    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\?status=paid$/);
  } finally {
    await sql`delete from orders where client_name like ${`${tag} %`}`;
  }
});

test("says a one-letter search is too short and shows every order", async ({ page }) => {
  await openAdmin(page, "/admin/orders?q=a");
  await expect(page.getByRole("status").filter({ hasText: "Type at least 2 characters to search" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/\d+ orders/);
});

test("exports the orders of a range of days with the date form", async ({ page, sql, db }) => {
  const inside = await createTestOrder(db, { status: "paid", createdAt: new Date("2020-03-02T23:59:59Z") });
  const before = await createTestOrder(db, { status: "paid", createdAt: new Date("2020-03-01T23:59:59Z") });
  const otherStatus = await createTestOrder(db, { status: "pending", createdAt: new Date("2020-03-02T12:00:00Z") });
  try {
    await openAdmin(page, "/admin/orders?status=paid");
    const form = page.getByRole("form", { name: "Export orders by date" });
    await form.getByLabel("From").fill("2020-03-02");
    await form.getByLabel("To").fill("2020-03-02");
    const downloading = page.waitForEvent("download");
    await form.getByRole("button", { name: "Export dates" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-paid-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv).toContain(inside.clientName);
    expect(csv).not.toContain(before.clientName);
    expect(csv).not.toContain(otherStatus.clientName);
  } finally {
    await sql`delete from orders where id in (${inside.id}, ${before.id}, ${otherStatus.id})`;
  }
});

test("refuses an export whose days are the wrong way round", async ({ page }) => {
  const response = await page.request.get("/admin/orders/export.csv?from=2020-03-02&to=2020-03-01");
  expect(response.status()).toBe(400);
  expect(await response.text()).toBe('This export cannot be made: The date "from" must not be after the date "to".');
});
