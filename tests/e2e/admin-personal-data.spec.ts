import { readFile } from "node:fs/promises";

import { createTestAdmin, createTestOrder, TEST_PASSWORD } from "../support/factories";
import { deleteTestAdmin, deleteTrigger, openAdmin } from "./admin-helpers";
import { expect, test, unique } from "./fixtures";

// Personal data on request: find, download and erase one address's data, with
// JavaScript and without (the js and nojs projects both run the first test).

test("a super admin finds an address's data, downloads it as JSON and erases it", async ({ page, sql, db, login }) => {
  await login();
  const email = `${unique("e2e").replace(" ", ".")}@example.com`;
  const name = unique("E2E Person");
  const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;
  const order = await createTestOrder(db, { clientName: name, clientEmail: email, totalPrice: 321, status: "paid" });
  await sql`insert into contact_messages (name, email, message) values (${name}, ${email}, 'Please call me')`;
  await sql`insert into chat_messages (session_id, message, is_user_message) values (${sessionId}, ${`I am ${email}`}, true)`;
  try {
    await openAdmin(page, "/admin");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Personal Data" }).click();
    await expect(page.getByRole("heading", { name: "Personal Data", level: 1 })).toBeVisible();

    await page.getByLabel("Email address").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/[?&]email=/);
    await expect(page.getByText(`Stored for ${email}: 1 order, 1 message, 1 conversation.`)).toBeVisible();
    await expect(page.getByRole("region", { name: "Orders (1)" }).getByText(name)).toBeVisible();
    await expect(page.getByRole("region", { name: "Contact messages (1)" }).getByText("Please call me")).toBeVisible();
    await expect(page.getByRole("region", { name: "Chat conversations (1)" }).getByText(sessionId)).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download JSON" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d\d-\d\d\.json$/);
    const file = JSON.parse(await readFile(await download.path(), "utf8"));
    expect(file.orders).toEqual([expect.objectContaining({ id: order.id, clientName: name, totalPrice: 321 })]);
    expect(file.contactMessages).toEqual([expect.objectContaining({ name, message: "Please call me" })]);
    expect(file.chatConversations).toEqual([expect.objectContaining({ sessionId })]);

    await deleteTrigger(page, `Erase personal data of ${email}`).click();
    await page.getByRole("button", { name: "Yes, erase" }).click();
    await expect(page.getByText("Personal data erased").first()).toBeVisible();
    await expect(page.getByText(`Nothing is stored for ${email}.`)).toBeVisible();

    const [kept] =
      await sql`select client_name, client_email, client_phone, notes, total_price, status from orders where id = ${order.id}`;
    expect(kept).toEqual({
      client_name: "[erased]",
      client_email: "[erased]",
      client_phone: null,
      notes: null,
      total_price: "321.00",
      status: "paid",
    });
    expect(await sql`select 1 from contact_messages where email = ${email}`).toHaveLength(0);
    expect(await sql`select 1 from chat_messages where session_id = ${sessionId}`).toHaveLength(0);
    const [entry] = await sql`
      select target, details from audit_log where action = 'personal_data.erased' order by created_at desc limit 1`;
    expect(JSON.stringify(entry)).not.toContain(email);
  } finally {
    await sql`delete from orders where id = ${order.id}`;
    await sql`delete from contact_messages where email = ${email}`;
    await sql`delete from chat_messages where session_id = ${sessionId}`;
  }
});

test(
  "a plain admin has no Personal Data link and is refused the screen",
  { tag: "@js" },
  async ({ page, db, login }) => {
    const admin = await createTestAdmin(db, { role: "admin" });
    try {
      await login({ username: admin.username, password: TEST_PASSWORD });
      await openAdmin(page, "/admin");
      await expect(
        page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Personal Data" })).toHaveCount(0);
      const response = await page.goto("/admin/personal-data?email=someone%40example.com");
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    } finally {
      await deleteTestAdmin(db, admin);
    }
  },
);

test(
  "on a phone, a session id and a long first message stay within the screen in Personal Data and Chats",
  { tag: "@js" },
  async ({ page, sql, login }) => {
    await login();
    const email = `${unique("e2e").replace(" ", ".")}@example.com`;
    // As the chat makes them: one word of 41 characters.
    const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2).padEnd(21, "x").slice(0, 21)}`;
    const message = `Hi, I'm ${email}: can you automate our invoices and send them to Xero every Friday afternoon?`;
    await sql`insert into chat_messages (session_id, message, is_user_message) values (${sessionId}, ${message}, true)`;
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await openAdmin(page, `/admin/personal-data?email=${encodeURIComponent(email)}`);
      await expect(page.getByRole("region", { name: "Chat conversations (1)" }).getByText(sessionId)).toBeVisible();
      expect(await sideways(), "Personal Data").toBe(0);
      await openAdmin(page, `/admin/chats?session=${sessionId}`);
      await expect(page.getByRole("region", { name: "Conversation" }).getByText(message)).toBeVisible();
      expect(await sideways(), "Chats").toBe(0);
    } finally {
      await sql`delete from chat_messages where session_id = ${sessionId}`;
    }
  },
);
