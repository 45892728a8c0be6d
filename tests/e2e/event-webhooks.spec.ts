import type { Page } from "@playwright/test";

import { productText } from "../support/product-text";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";
import { deleteTrigger, expectFormOpened, openAdmin } from "./admin-helpers";
import { axe } from "./axe";
import { expect, test, unique } from "./fixtures";

// The event webhooks on the Webhooks screen and their delivery log, with JavaScript on
// and off. The e2e server runs the outbox worker (server/app.ts start()), so a test event reaches
// the local server here within moments. Webhooks under test are inactive: a test event reaches
// them all the same, and the other specs' orders and messages do not.

const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;

/** axe runs in the page, so with JavaScript only; the markup it checks is the server's either way. */
async function expectAccessible(page: Page, javaScriptEnabled: boolean, region: string) {
  if (!javaScriptEnabled) return;
  const results = await axe(page, (builder) => builder.include(region));
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => ({ id: v.id, nodes: v.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

let server: TestServer;
test.beforeAll(async () => {
  server = await startTestServer((_request, response) => answerJson(response, 200, { received: true }));
});
test.afterAll(() => server.close());
test.beforeEach(async ({ login }) => login());

test("creates an event webhook, shows its secret once, delivers a test event and redelivers it", async ({
  page,
  sql,
  javaScriptEnabled,
}) => {
  // Two axe runs, and the worker's delivery twice, on a busy two-core machine.
  test.setTimeout(90_000);
  const name = unique("E2E Event Webhook");
  const url = `${server.url}/events/${name.split(" ").at(-1)}`;
  try {
    await openAdmin(page, "/admin/webhooks");
    await page.getByRole("link", { name: "Add Event Webhook" }).click();
    const form = await expectFormOpened(page, "Create New Event Webhook");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("URL").fill(url);
    await form.getByLabel("chat.conversation_started").uncheck();
    await form.getByRole("switch", { name: "Active" }).uncheck();
    await form.getByRole("button", { name: "Create Event Webhook" }).click();

    await expect(page.getByText(productText("Event webhook created successfully!"))).toBeVisible();
    const shown = await expectFormOpened(page, "Create New Event Webhook");
    await expect(shown.getByText("it will not be shown again")).toBeVisible();
    const secret = (await shown.getByLabel("Signing secret", { exact: true }).textContent()) ?? "";
    expect(secret).toMatch(SECRET);
    const [row] = await sql`select id, secret, events, is_active from event_webhooks where name = ${name}`;
    expect(row).toMatchObject({ is_active: false });
    expect(row.events).not.toContain("chat.conversation_started");
    expect(row.secret).not.toContain(secret.slice("whsec_".length));
    // The dialog (a page without JavaScript), the secret in it.
    await expectAccessible(page, javaScriptEnabled, '[role="dialog"]');

    await shown.getByRole("link", { name: "Done" }).click();
    const item = page.getByRole("listitem", { name });
    await expect(item.getByText("Inactive")).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    await item.getByRole("button", { name: `Send test event ${name}` }).click();
    await expect(page.getByText(productText("Test event queued: see the delivery log"))).toBeVisible();
    await page.getByRole("link", { name: `Delivery log ${name}` }).click();
    await expect(page.getByRole("heading", { name: `Delivery log: ${name}` })).toBeVisible();

    // The worker delivers within moments: the page shows it once reloaded.
    const delivery = page.getByRole("listitem", { name: /^webhook\.test msg_/ });
    await expect(async () => {
      await page.reload();
      await expect(delivery.getByText("Delivered", { exact: true })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(delivery.getByRole("cell", { name: "200", exact: true })).toBeVisible();
    await expect(delivery.getByText('{"received":true}')).toBeVisible();
    const received = () => server.received.filter((request) => request.path === new URL(url).pathname);
    expect(received()).toHaveLength(1);
    expect(received()[0].json).toMatchObject({ type: "webhook.test", data: { webhook_name: name } });
    // Beside the answer, the payload sent: a disclosure that opens with or without JavaScript.
    const payload = delivery.getByLabel(/^Payload sent as msg_/);
    await expect(payload).toBeHidden();
    await delivery.getByText(productText("Payload sent")).click();
    await expect(payload).toHaveText(received()[0].body.toString("utf8"));
    await expectAccessible(page, javaScriptEnabled, "main");

    await delivery.getByRole("button", { name: /^Redeliver/ }).click();
    await expect(page.getByText(productText("Queued for redelivery"))).toBeVisible();
    await expect.poll(() => received().length).toBe(2);
    expect(received()[1].headers["webhook-id"]).toBe(received()[0].headers["webhook-id"]);
    await expect(async () => {
      await page.reload();
      await expect(delivery.getByRole("cell", { name: "200", exact: true })).toHaveCount(2, { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    // Not active: the log says so (its test events still have Redeliver, as above).
    await expect(
      page.getByText(
        productText(
          "This webhook is not active: nothing but test events is sent to it. Tick Active on its edit page to redeliver.",
        ),
      ),
    ).toBeVisible();

    // On a phone each attempt's answer shows under its line, not off to the side.
    await page.setViewportSize({ width: 375, height: 800 });
    const answer = await delivery.getByText('{"received":true}').first().boundingBox();
    expect(answer!.x + answer!.width).toBeLessThanOrEqual(375);
  } finally {
    await sql`delete from event_webhooks where name = ${name}`;
  }
});

test("edits an event webhook, rotates its secret and deletes it", async ({ page, sql }) => {
  test.setTimeout(90_000);
  const name = unique("E2E Rotating Event Webhook");
  const oldSecret = `whsec_${Buffer.alloc(24, 7).toString("base64")}`;
  // A secret stored before sealing existed reads as it is (app/lib/secret-box.server.ts).
  const [row] = await sql`
    insert into event_webhooks (name, url, events, is_active, secret)
    values (${name}, ${`${server.url}/rotating`}, ${["order.created", "contact.created"]}, false, ${oldSecret})
    returning id`;
  try {
    await openAdmin(page, "/admin/webhooks");
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    let form = await expectFormOpened(page, "Edit Event Webhook");
    await expect(form.getByLabel("order.created")).toBeChecked();
    await expect(form.getByLabel("order.status_changed")).not.toBeChecked();
    const renamed = unique("E2E Renamed Event Webhook");
    await form.getByLabel("Name").fill(renamed);
    await form.getByLabel("contact.created").uncheck();
    await form.getByRole("button", { name: "Update Event Webhook" }).click();
    await expect(page.getByText(productText("Event webhook updated successfully!"))).toBeVisible();
    const item = page.getByRole("listitem", { name: renamed });
    await expect(item.getByText("order.created")).toBeVisible();
    await expect(item.getByText("contact.created")).toHaveCount(0);

    await page.getByRole("link", { name: `Edit ${renamed}` }).click();
    form = await expectFormOpened(page, "Edit Event Webhook");
    await form.getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByText(productText("Signing secret rotated"))).toBeVisible();
    const shown = await expectFormOpened(page, "Edit Event Webhook");
    await expect(shown.getByText("The previous secret stays valid for 24 hours", { exact: false })).toBeVisible();
    const secret = (await shown.getByLabel("Signing secret", { exact: true }).textContent()) ?? "";
    expect(secret).toMatch(SECRET);
    expect(secret).not.toBe(oldSecret);
    const [stored] = await sql`
      select previous_secret, previous_secret_expires_at > now() + interval '23 hours' as kept
      from event_webhooks where id = ${row.id}`;
    expect(stored).toEqual({ previous_secret: oldSecret, kept: true });
    await shown.getByRole("link", { name: "Done" }).click();

    await deleteTrigger(page, `Delete ${renamed}`).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText(productText("Event webhook deleted successfully!"))).toBeVisible();
    expect(await sql`select 1 from event_webhooks where id = ${row.id}`).toHaveLength(0);
  } finally {
    await sql`delete from event_webhooks where id = ${row.id}`;
  }
});
