import { readFile } from "node:fs/promises";

import { createTestOrder, createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { openAdmin } from "./admin-helpers";
import { expect, test, unique, withRecordLock } from "./fixtures";

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
  await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/\d+ orders?/);
});

test("the search box shows its whole placeholder on a phone and on a laptop", async ({ page }) => {
  const room = () =>
    page.getByRole("searchbox", { name: productText("Search by name, email or service") }).evaluate((box) => {
      const input = box as HTMLInputElement;
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = style.font;
      const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inside - context.measureText(input.placeholder).width;
    });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openAdmin(page, "/admin/orders");
    expect(await room(), `${width} px`).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  }
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

test.describe("payments in the order details", () => {
  const details = (page: import("@playwright/test").Page) =>
    page.getByRole("region", { name: productText("Payments"), exact: true });

  test("marks a pending order as paid with a method", async ({ page, sql, db, dollarPrices: _ }) => {
    const order = await createTestOrder(db, { setupPrice: 149, monthlyPrice: 29, totalPrice: 178 });
    try {
      await openAdmin(page, `/admin/orders?view=${order.id}`);
      const step = page.getByRole("region", { name: productText("Mark as paid") });
      await step.getByLabel(productText("Payment method")).selectOption({ label: productText("Cash") });
      await step.getByRole("button", { name: productText("Mark as paid") }).click();
      await expect(page.getByText(productText("Order marked as paid"))).toBeVisible();
      const row = details(page)
        .getByRole("row")
        .filter({ hasText: productText("Cash") });
      await expect(row.getByRole("cell", { name: "$178" })).toBeVisible();
      await expect(row.getByText(productText("Setup"), { exact: true })).toBeVisible();
      // Paid now: the pending order's steps are gone.
      await expect(page.getByRole("region", { name: productText("Mark as paid") })).toHaveCount(0);
      const [stored] = await sql`select status, payment_method from orders where id = ${order.id}`;
      expect(stored).toEqual({ status: "paid", payment_method: productText("Cash") });
      const recorded = await sql`select provider, kind, amount from payments where order_id = ${order.id}`;
      expect(recorded).toEqual([{ provider: "cash", kind: "setup", amount: "178.00" }]);
    } finally {
      await sql`delete from payments where order_id = ${order.id}`;
      await sql`delete from orders where id = ${order.id}`;
    }
  });

  test("saves a custom quote and refuses amounts with more than 2 decimals", async ({
    page,
    sql,
    db,
    dollarPrices: _,
  }) => {
    const order = await createTestOrder(db, { setupPrice: 149, monthlyPrice: 29, totalPrice: 178 });
    try {
      await openAdmin(page, `/admin/orders?view=${order.id}`);
      const step = page.getByRole("region", { name: productText("Custom quote") });
      const setup = step.getByLabel(`${productText("Setup fee")} (USD)`);
      await setup.fill("250.555");
      await step.getByRole("button", { name: productText("Save quote") }).click();
      await expect(step.getByText(productText("Setup fee must have at most 2 decimals"))).toBeVisible();
      await setup.fill("250.50");
      await step.getByLabel(`${productText("Monthly fee")} (USD)`).fill("0");
      await step.getByRole("button", { name: productText("Save quote") }).click();
      await expect(page.getByText(productText("Quote saved"))).toBeVisible();
      await expect(page.getByText("$250.50").first()).toBeVisible();
      const [stored] = await sql`select setup_price, monthly_price, total_price from orders where id = ${order.id}`;
      expect(stored).toEqual({ setup_price: "250.50", monthly_price: "0.00", total_price: "250.50" });
    } finally {
      await sql`delete from orders where id = ${order.id}`;
    }
  });

  test("requests payment when the site asks for it after confirming", async ({ page, sql, db }) => {
    const order = await createTestOrder(db);
    try {
      await withRecordLock(sql, "site_settings", async () => {
        const [original] = await sql`select payment_timing from site_settings`;
        await sql`update site_settings set payment_timing = 'after_confirm'`;
        try {
          await openAdmin(page, `/admin/orders?view=${order.id}`);
          const step = page.getByRole("region", { name: productText("Request payment") });
          await step.getByRole("button", { name: productText("Request payment") }).click();
          await expect(page.getByText(productText("Payment requested"), { exact: true }).first()).toBeVisible();
        } finally {
          await sql`update site_settings set payment_timing = ${original.payment_timing}`;
        }
      });
      await expect(details(page).getByText(productText("Payment requested"))).toBeVisible();
      const [stored] = await sql`select payment_requested_at from orders where id = ${order.id}`;
      expect(stored.payment_requested_at).toBeInstanceOf(Date);
      const events = await sql`select type from outbox_events where data ->> 'id' = ${order.id}`;
      expect(events.map((event) => event.type)).toContain("order.payment_requested");
    } finally {
      await sql`delete from outbox_events where data ->> 'id' = ${order.id}`;
      await sql`delete from orders where id = ${order.id}`;
    }
  });

  test("lists a Stripe payment with its link to Stripe's dashboard and the subscription", async ({ page, sql, db }) => {
    const order = await createTestOrder(db, { status: "paid", paymentMethod: "Stripe", subscriptionState: "active" });
    const reference = `pi_${unique("e2e").replace(/\W/g, "")}`;
    await sql`insert into payments (order_id, provider, kind, amount, currency, provider_reference, flagged)
      values (${order.id}, 'stripe', 'setup', 178, 'USD', ${reference}, true)`;
    try {
      await openAdmin(page, `/admin/orders?view=${order.id}`);
      const section = details(page);
      await expect(section.getByText(productText("Active"), { exact: true })).toBeVisible();
      const row = section.getByRole("row").filter({ hasText: reference });
      await expect(row.getByText(productText("Stripe"), { exact: true })).toBeVisible();
      await expect(row.getByText(productText("Already paid — check for a double payment"))).toBeVisible();
      const link = row.getByRole("link", { name: `${reference} (${productText("View in Stripe")})` });
      await expect(link).toHaveAttribute(
        "href",
        new RegExp(`^https://dashboard\\.stripe\\.com/(test/)?payments/${reference}$`),
      );
    } finally {
      await sql`delete from payments where order_id = ${order.id}`;
      await sql`delete from orders where id = ${order.id}`;
    }
  });

  test("shows /services' prices in the currency saved in Settings", async ({ page, sql, db }) => {
    const word = unique("Tapir").replace(/\s+/g, "");
    const service = await createTestService(db, {
      isActive: true,
      setupPrice: 321,
      monthlyPrice: 12.5,
      description: `${word} files the receipts.`,
    });
    try {
      // Every price of the site changes with it: other tests' prices are in dollars, so the euro
      // is kept for as short a time as this test takes.
      await withRecordLock(sql, "site_settings", async () => {
        try {
          await openAdmin(page, "/admin/settings");
          await page.getByLabel(productText("Currency")).fill("eur");
          await page.getByRole("button", { name: "Save Settings" }).click();
          await expect(page.getByText("Settings updated successfully!")).toBeVisible();
          const [stored] = await sql`select currency from site_settings`;
          expect(stored.currency).toBe("EUR");
          await page.goto(`/services?q=${word}`);
          const card = page.getByRole("article", { name: service.name });
          await expect(card.getByText("€321")).toBeVisible();
          await expect(card.getByText("+ €12.50/mo")).toBeVisible();
          // The admin's price fields say which currency they are in.
          await openAdmin(page, `/admin/services/${service.id}/edit`);
          await expect(page.getByLabel(productText("Setup price (€)"))).toHaveValue("321");
        } finally {
          await sql`update site_settings set currency = 'USD'`;
        }
      });
    } finally {
      await sql`delete from services where id = ${service.id}`;
    }
  });
});
