import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";

import { orders } from "~/db/schema";

import { createTestOrder, createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { e2eState, expect, test, unique, withRecordLock } from "./fixtures";

// Paying with Stripe, with JavaScript on and off: the app's STRIPE_API_URL is the stand-in started
// with the server (tests/support/e2e-server.ts), whose hosted checkout has a Pay and a Cancel button.

test.beforeEach(async ({ sql }) => {
  // Any saved key turns "Pay now" on (the stand-in checks none); a key another spec saved stays.
  // The signing secret is the one the stand-in signs its events with.
  const { stripeWebhookSecret } = e2eState();
  await withRecordLock(sql, "integrations", async () => {
    await sql`update integrations set stripe_secret_key = coalesce(stripe_secret_key, 'sk_test_e2e_stand_in'),
      stripe_webhook_secret = ${stripeWebhookSecret}`;
  });
});

/** Any client id and secret turn the button on (the stand-in checks none); the webhook id is its own. */
async function usePayPal(sql: Parameters<typeof withRecordLock>[0]) {
  const { paypalWebhookId } = e2eState();
  await withRecordLock(sql, "integrations", async () => {
    await sql`update integrations set paypal_client_id = coalesce(paypal_client_id, 'AE2EStandIn'),
      paypal_client_secret = coalesce(paypal_client_secret, 'EE2EStandIn'), paypal_webhook_id = ${paypalWebhookId}`;
  });
}

async function payNow(page: Page) {
  await page.getByRole("button", { name: productText("Pay now") }).click();
  await expect(page.getByRole("heading", { name: "Stand-in checkout" })).toBeVisible();
}

test("an order paid at once: order, Pay now, Stripe's checkout, back on the status page", async ({ page, db }) => {
  const service = await createTestService(db, { isActive: true, setupPrice: 349, monthlyPrice: 49 });
  await page.goto(`/order?service=${service.id}`);
  const form = page.getByRole("form", { name: "Your details" });
  await form.getByLabel("Full Name").fill("Ada Lovelace");
  await form.getByLabel("Email Address").fill("ada@example.com");
  await form.getByLabel("Project Details").fill(unique("Pay at once"));
  await form.getByLabel("I agree to the terms and conditions").check();
  await form.getByRole("button", { name: "Submit Order" }).click();

  await payNow(page);
  await expect(page.getByText("ada@example.com pays 39800 usd")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/order\/status\/[0-9a-f]{64}\?payment=success$/);
  await expect(page.getByRole("heading", { name: productText("Payment received — thank you") })).toBeVisible();
  await expect(page.getByRole("button", { name: productText("Pay now") })).toHaveCount(0);
  // Stripe's signed checkout.session.completed reached /webhooks/stripe: the order is paid.
  await expect(page.getByText(productText("Paid: thank you! We're building your automation."))).toBeVisible();

  // The monthly support is a subscription: the client manages it on Stripe's billing portal.
  await page.getByRole("button", { name: productText("Manage billing") }).click();
  await expect(page.getByRole("heading", { name: "Stand-in billing portal" })).toBeVisible();
  await page.getByRole("link", { name: "Return" }).click();
  await expect(page).toHaveURL(/\/order\/status\/[0-9a-f]{64}$/);
});

test("a checkout left with Cancel: back on the status page, which says so and offers Pay now again", async ({
  page,
  db,
}) => {
  const order = await createTestOrder(db, { setupPrice: 500, monthlyPrice: 0 });
  await page.goto(`/order/status/${order.statusToken}`);
  await payNow(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(`/order/status/${order.statusToken}?payment=cancelled`);
  await expect(page.getByRole("heading", { name: productText("Payment not completed") })).toBeVisible();
  // The same open session again: no second checkout for the order.
  const [first] = await db.select({ url: orders.checkoutUrl }).from(orders).where(eq(orders.id, order.id));
  await payNow(page);
  expect(page.url()).toBe(first.url);
});

test("a one-off order paid with PayPal: Pay with PayPal, PayPal's approval, back on the status page, paid", async ({
  page,
  db,
  sql,
}) => {
  await usePayPal(sql);
  const order = await createTestOrder(db, { setupPrice: 250, monthlyPrice: 0 });
  await page.goto(`/order/status/${order.statusToken}`);
  await expect(page.getByRole("button", { name: productText("Pay now") })).toBeVisible();
  // The stand-in's approve page approves at once and sends the browser back, as the buyer's
  // approval at PayPal does; the return captures the payment.
  await page.getByRole("button", { name: productText("Pay with PayPal") }).click();
  await expect(page).toHaveURL(`/order/status/${order.statusToken}?payment=success`);
  await expect(page.getByRole("heading", { name: productText("Payment received — thank you") })).toBeVisible();
  await expect(page.getByText(productText("Paid: thank you! We're building your automation."))).toBeVisible();
  await expect(page.getByRole("button", { name: productText("Pay with PayPal") })).toHaveCount(0);
  const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
  expect(paid).toMatchObject({ status: "paid", paymentMethod: productText("PayPal") });
});

test("a monthly order paid with PayPal: a subscription approved at PayPal, paid, billing managed at PayPal", async ({
  page,
  db,
  sql,
}) => {
  await usePayPal(sql);
  const order = await createTestOrder(db, { setupPrice: 400, monthlyPrice: 59 });
  await page.goto(`/order/status/${order.statusToken}`);
  // The stand-in's subscription approve page approves at once and sends the browser back.
  await page.getByRole("button", { name: productText("Pay with PayPal") }).click();
  await expect(page).toHaveURL(`/order/status/${order.statusToken}?payment=success`);
  await expect(page.getByText(productText("Paid: thank you! We're building your automation."))).toBeVisible();
  const manage = page.getByRole("link", { name: productText("Manage billing on PayPal") });
  await expect(manage).toHaveAttribute("href", "https://www.paypal.com/myaccount/autopay/");
  await expect(page.getByRole("button", { name: productText("Manage billing") })).toHaveCount(0);
  const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
  expect(paid).toMatchObject({ status: "paid", paymentMethod: productText("PayPal"), subscriptionState: "active" });
});
