import type { Page } from "@playwright/test";

import { createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { expect, test, unique } from "./fixtures";

/** docs/product.md §9: the move home after an order with JavaScript. */
const ORDER_REDIRECT_MS = 3000;

function orderForm(page: Page) {
  return page.getByRole("form", { name: "Your details" });
}

async function fillClient(page: Page, notes: string) {
  const form = orderForm(page);
  await form.getByLabel("Full Name").fill("Ada Lovelace");
  await form.getByLabel("Phone Number").fill("+44 20 7946 0000");
  await form.getByLabel("Email Address").fill("ada@example.com");
  await form.getByLabel("Project Details").fill(notes);
}

test.describe("order page", () => {
  test("orders a service; the order carries the database's prices, not the form's, and has a status page", async ({
    page,
    sql,
    db,
    dollarPrices: _,
  }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    const service = await createTestService(db, { isActive: true, setupPrice: 349, monthlyPrice: 49 });
    const notes = unique("Connect Shopify to our ERP");
    // The page's timers run when the test says so: the 3-second move home is checked, not slept on.
    if (javaScript) await page.clock.install();
    await page.goto(`/order?service=${service.id}`);

    await expect(orderForm(page).getByLabel("Select Service")).toHaveValue(service.id);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText(service.name, { exact: true })).toBeVisible();
    await expect(summary.getByText("Setup Fee")).toBeVisible();
    await expect(summary.getByText("First Month")).toBeVisible();
    await expect(summary.getByText("$398")).toBeVisible();

    await fillClient(page, notes);
    // A tampered form: prices and name of its own, which the action must ignore.
    await orderForm(page).evaluate((form) => {
      for (const [name, value] of Object.entries({
        service_name: "Bargain",
        setup_price: "1",
        setupPrice: "1",
        monthly_price: "0",
        total_price: "1",
      })) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.appendChild(input);
      }
    });
    await orderForm(page).getByLabel("I agree to the terms and conditions").check();
    const posted = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/order"),
    );
    await orderForm(page).getByRole("button", { name: "Submit Order" }).click();
    await posted;

    // The confirmation once: a toast with JavaScript, the page's own words without (no toast repeats them).
    if (javaScript) {
      await expect(page.getByRole("status").filter({ hasText: "Order Submitted!" })).toContainText(
        "We'll contact you within 24 hours to discuss your project and payment.",
      );
      await expect(orderForm(page)).toHaveCount(0);
    } else {
      await expect(page).toHaveURL(/\/order\/submitted$/);
      await expect(page.getByRole("heading", { level: 1, name: "Order Submitted!" })).toBeVisible();
      await expect(
        page.getByText("We'll contact you within 24 hours to discuss your project and payment."),
      ).toHaveCount(1);
      await expect(page.locator("[data-toast]")).toHaveCount(0);
    }

    const rows = await sql`
      select client_name, client_email, client_phone, service_id, service_name, setup_price, monthly_price, total_price, status
      from orders where notes = ${notes}`;
    expect(rows).toEqual([
      {
        client_name: "Ada Lovelace",
        client_email: "ada@example.com",
        client_phone: "+44 20 7946 0000",
        service_id: service.id,
        service_name: service.name,
        setup_price: "349.00",
        monthly_price: "49.00",
        total_price: "398.00",
        status: "pending",
      },
    ]);

    // The client's status link, on both paths: with no email sent (this server has no SMTP) it is
    // the only copy, so it stays until the visitor leaves, written out whole to keep.
    const [order] = await sql`select id, status_token from orders where notes = ${notes}`;
    const statusUrl = new URL(`/order/status/${order.status_token}`, page.url()).href;
    const receipt = page.getByRole("region", { name: productText("Your order's status page") });
    await expect(receipt).toContainText(
      productText("Keep this link: it is the only way to see your order again, as we send no confirmation email."),
    );
    await expect(receipt.getByLabel(productText("Link to your order's status page"))).toHaveValue(statusUrl);
    if (javaScript) {
      await page.clock.runFor(ORDER_REDIRECT_MS + 1_000);
      await expect(page).toHaveURL(/\/order\?service=/);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await receipt.getByRole("button", { name: productText("Copy link") }).click();
      await expect(receipt.getByRole("button", { name: productText("Link copied") })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(statusUrl);
    } else {
      await expect(receipt.getByRole("button", { name: productText("Copy link") })).toHaveCount(0);
    }
    await receipt.getByRole("link", { name: productText("See your order's status") }).click();
    await expect(page).toHaveURL(new RegExp(`/order/status/${order.status_token}$`));
    await expect(page.getByRole("heading", { level: 1, name: productText("Your order") })).toBeVisible();
    await expect(
      page.getByText(productText.pattern("Hello {client name}, here is where your order stands.", "Ada Lovelace")),
    ).toBeVisible();
    await expect(page.getByText(service.name, { exact: true })).toBeVisible();
    await expect(page.getByText("$398")).toBeVisible();
    await expect(page.getByText(notes)).toBeVisible();
    await expect(page.getByText("ada@example.com")).toHaveCount(0);
    const status = page.getByRole("status").filter({ hasText: productText("Status") });
    await expect(status).toContainText(productText("Received, we'll be in touch within 24 hours"));

    await sql`update orders set status = 'paid' where id = ${order.id}`;
    if (javaScript) {
      // Coming back to the tab asks again at once, as the 30-second refresh does.
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    } else {
      await page.reload();
    }
    await expect(status).toContainText(productText("Paid: thank you!"));

    // No email was sent, so there is none to reply to: the support address instead.
    const [{ support_email: supportEmail }] = await sql`select support_email from site_settings`;
    await sql`update orders set status = 'cancelled' where id = ${order.id}`;
    if (javaScript) {
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    } else {
      await page.reload();
    }
    await expect(status).toContainText(
      productText.pattern("This order was cancelled. Questions? Write to us at {email}.", supportEmail),
    );
    await expect(page.getByText(productText("Reply to your confirmation email."))).toHaveCount(0);
  });

  test("the order-submitted page opened directly claims no order", async ({ page }) => {
    await page.goto("/order/submitted");
    await expect(page.getByRole("heading", { level: 1, name: productText("No order to show") })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${productText("No order to show")} \\|`));
    await expect(page.getByText("Order Submitted!")).toHaveCount(0);
    await expect(page.getByRole("region", { name: productText("Your order's status page") })).toHaveCount(0);
    await page.getByRole("link", { name: productText("Go to the order page") }).click();
    await expect(page).toHaveURL(/\/order$/);
  });

  test(
    "without the terms ticked the order is refused and every value stays",
    { tag: "@nojs" },
    async ({ page, sql, db }) => {
      const service = await createTestService(db, { isActive: true });
      const notes = unique("No terms");
      await page.goto(`/order?service=${service.id}`);
      await fillClient(page, notes);
      await orderForm(page).getByRole("button", { name: "Submit Order" }).click();

      const toast = page.getByRole("alert").filter({ hasText: "Terms Required" });
      await expect(toast).toContainText("Please agree to the terms and conditions to proceed.");
      const form = orderForm(page);
      await expect(form.getByLabel("Full Name")).toHaveValue("Ada Lovelace");
      await expect(form.getByLabel("Phone Number")).toHaveValue("+44 20 7946 0000");
      await expect(form.getByLabel("Email Address")).toHaveValue("ada@example.com");
      await expect(form.getByLabel("Select Service")).toHaveValue(service.id);
      await expect(form.getByLabel("Project Details")).toHaveValue(notes);
      expect(await sql`select 1 from orders where notes = ${notes}`).toHaveLength(0);

      // Shown with the page that answered the post, not again on the next one.
      await page.getByRole("banner").getByRole("link", { name: "Services", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Terms Required")).toHaveCount(0);
    },
  );

  test("the submit button waits for the terms to be ticked", { tag: "@js" }, async ({ page, db }) => {
    const service = await createTestService(db, { isActive: true });
    await page.goto(`/order?service=${service.id}`);
    const submit = orderForm(page).getByRole("button", { name: "Submit Order" });
    await expect(submit).toBeDisabled();
    await orderForm(page).getByLabel("I agree to the terms and conditions").check();
    await expect(submit).toBeEnabled();
    await orderForm(page).getByLabel("I agree to the terms and conditions").uncheck();
    await expect(submit).toBeDisabled();
  });

  test(
    "a click on the terms box as an invalid email's error appears still ticks it, and a disabled Submit says why",
    { tag: "@js" },
    async ({ page, db }) => {
      const service = await createTestService(db, { isActive: true });
      await page.goto(`/order?service=${service.id}`);
      const form = orderForm(page);
      const submit = form.getByRole("button", { name: "Submit Order" });
      const hint = productText("Tick the terms and conditions box above to submit your order.");
      await expect(submit).toBeDisabled();
      await expect(form.getByText(hint)).toBeVisible();
      await expect(submit).toHaveAccessibleDescription(hint);

      await form.getByLabel("Email Address").fill("not-an-email");
      const box = form.getByLabel("I agree to the terms and conditions");
      await box.scrollIntoViewIfNeeded();
      const before = await box.boundingBox();
      if (!before) throw new Error("the terms box is not on screen");
      await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
      // Pressing the box leaves the email field, whose error line appears between press and release.
      await page.mouse.down();
      await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
      expect(await box.boundingBox()).toEqual(before);
      await page.mouse.up();
      await expect(box).toBeChecked();
      await expect(submit).toBeEnabled();
      await expect(form.getByText(hint)).toHaveCount(0);
    },
  );

  test("without a service the order is refused", async ({ page, sql }, testInfo) => {
    const notes = unique("No service");
    await page.goto("/order");
    await expect(page.getByRole("region", { name: "Order Summary" })).toContainText(
      "Select a service to see pricing details",
    );
    await fillClient(page, notes);
    await orderForm(page).getByLabel("I agree to the terms and conditions").check();
    await orderForm(page).getByRole("button", { name: "Submit Order" }).click();

    // With JavaScript the browser flags the service before sending; without, the action's toast says it.
    if (testInfo.project.name === "nojs") {
      await expect(page.getByRole("alert").filter({ hasText: "Service Required" })).toContainText(
        "Please select a service to proceed.",
      );
    }
    await expect(orderForm(page).getByText("Please select a service to proceed.")).toBeVisible();
    await expect(orderForm(page).getByLabel("Select Service")).toHaveAttribute("aria-invalid", "true");
    await expect(orderForm(page).getByLabel("Project Details")).toHaveValue(notes);
    expect(await sql`select 1 from orders where notes = ${notes}`).toHaveLength(0);
  });

  test("an empty order flags the name, the email and the service at once", { tag: "@js" }, async ({ page }) => {
    await page.goto("/order");
    await orderForm(page).getByLabel("I agree to the terms and conditions").check();
    await orderForm(page).getByRole("button", { name: "Submit Order" }).click();
    for (const error of [
      "Please enter your full name.",
      "Please enter your email address.",
      "Please select a service to proceed.",
    ]) {
      await expect(orderForm(page).getByText(error)).toBeVisible();
    }
    await expect(orderForm(page).getByLabel("Select Service")).toHaveAttribute("aria-invalid", "true");
  });

  test("fields to correct ask to check the form, never report a failure", async ({ page, db, sql }, testInfo) => {
    const service = await createTestService(db, { isActive: true });
    const notes = unique("Fields to correct");
    await page.goto(`/order?service=${service.id}`);
    await fillClient(page, notes);
    await orderForm(page).getByLabel("Email Address").fill("not-an-email");
    await orderForm(page).getByLabel("I agree to the terms and conditions").check();
    await orderForm(page).getByRole("button", { name: "Submit Order" }).click();

    await expect(orderForm(page).getByText("Please enter a valid email address.")).toBeVisible();
    if (testInfo.project.name === "nojs") {
      await expect(page.getByRole("alert").filter({ hasText: "Please check the form" })).toContainText(
        "Some fields need your attention: see the message under each one.",
      );
    }
    await expect(page.getByText("Submission Error")).toHaveCount(0);
    await expect(orderForm(page).getByLabel("Project Details")).toHaveValue(notes);
    expect(await sql`select 1 from orders where notes = ${notes}`).toHaveLength(0);
  });

  test("the summary follows the chosen service", { tag: "@js" }, async ({ page, db, dollarPrices: _ }) => {
    const withMonthly = await createTestService(db, { isActive: true, setupPrice: 300, monthlyPrice: 25 });
    const oneOff = await createTestService(db, { isActive: true, setupPrice: 599, monthlyPrice: 0 });
    await page.goto("/order");
    const summary = page.getByRole("region", { name: "Order Summary" });
    const select = orderForm(page).getByLabel("Select Service");
    await expect(select.locator(`option[value="${withMonthly.id}"]`)).toHaveText(`${withMonthly.name} - $300 + $25/mo`);
    await expect(select.locator(`option[value="${oneOff.id}"]`)).toHaveText(`${oneOff.name} - $599`);

    await select.selectOption(withMonthly.id);
    await expect(summary.getByText(withMonthly.name, { exact: true })).toBeVisible();
    await expect(summary.getByText("First Month")).toBeVisible();
    await expect(summary.getByText("$325")).toBeVisible();

    await select.selectOption(oneOff.id);
    await expect(summary.getByText(oneOff.name, { exact: true })).toBeVisible();
    await expect(summary.getByText("First Month")).toHaveCount(0);
    await expect(summary.getByText("Total")).toBeVisible();

    await select.selectOption("");
    await expect(summary).toContainText("Select a service to see pricing details");
  });

  test("an inactive service cannot be preselected or ordered", async ({ page, db }) => {
    const inactive = await createTestService(db, { isActive: false });
    await page.goto(`/order?service=${inactive.id}`);
    await expect(orderForm(page).getByLabel("Select Service")).toHaveValue("");
    await expect(orderForm(page).locator(`option[value="${inactive.id}"]`)).toHaveCount(0);
  });

  test("a service withdrawn while the visitor fills the form is refused, keeping what was typed", async ({
    page,
    sql,
    db,
  }) => {
    const service = await createTestService(db, { isActive: true });
    const notes = unique("Withdrawn meanwhile");
    await page.goto(`/order?service=${service.id}`);
    await fillClient(page, notes);
    await orderForm(page).getByLabel("I agree to the terms and conditions").check();
    await sql`update services set is_active = false where id = ${service.id}`;
    await orderForm(page).getByRole("button", { name: "Submit Order" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "Submission Error" })).toBeVisible();
    await expect(
      orderForm(page).getByText("This service is no longer available. Please choose another one."),
    ).toBeVisible();
    await expect(orderForm(page).getByLabel("Project Details")).toHaveValue(notes);
    await expect(orderForm(page).getByLabel("Full Name")).toHaveValue("Ada Lovelace");
    expect(await sql`select 1 from orders where notes = ${notes}`).toHaveLength(0);
  });
});
