import { deleteTrigger, openAdmin } from "./admin-helpers";
import { expect, test, unique } from "./fixtures";

test.beforeEach(async ({ login }) => login());

test("contact messages: newest first, mark read and unread, delete after confirmation", async ({ page, sql }) => {
  const older = unique("E2E Older Sender");
  const newer = unique("E2E Newer Sender");
  const rows = await sql`
    insert into contact_messages (name, email, message, created_at) values
      (${older}, 'older@example.com', 'First message', now() - interval '1 minute'),
      (${newer}, 'newer@example.com', ${"Line one\nLine two"}, now())
    returning id`;
  try {
    await openAdmin(page, "/admin/messages");
    const list = page.getByRole("list", { name: "Contact messages" });
    const names = await list
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
    expect(names.indexOf(`Message from ${newer}`)).toBeLessThan(names.indexOf(`Message from ${older}`));

    const card = page.getByRole("listitem", { name: `Message from ${newer}` });
    await expect(card.getByText("New", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: `Mark as read the message from ${newer}` }).click();
    await expect(page.getByText("Message marked as read.")).toBeVisible();
    await expect(card.getByText("Read", { exact: true })).toBeVisible();
    expect((await sql`select is_read from contact_messages where name = ${newer}`)[0].is_read).toBe(true);

    await card.getByRole("button", { name: `Mark as unread the message from ${newer}` }).click();
    await expect(card.getByText("New", { exact: true })).toBeVisible();

    await deleteTrigger(page, `Delete the message from ${newer}`).click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Message deleted.")).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await sql`select 1 from contact_messages where name = ${newer}`).toHaveLength(0);
  } finally {
    await sql`delete from contact_messages where id in ${sql(rows.map((row) => row.id))}`;
  }
});

test("chats: a conversation with its media and which webhook answered", async ({ page, sql }) => {
  const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const hookName = unique("E2E Hook");
  await sql`
    insert into chat_messages (session_id, message, is_user_message, media_url, media_type, answered_by, created_at) values
      (${sessionId}, 'Hello, what does it cost?', true, null, null, null, now() - interval '4 seconds'),
      (${sessionId}, 'Basic setups start at $199.', false, null, null, 'canned', now() - interval '3 seconds'),
      (${sessionId}, 'Image sent', true, '/favicon.svg', 'image', null, now() - interval '2 seconds'),
      (${sessionId}, 'Voice message', true, '/voice-sample.wav', 'voice', null, now() - interval '1 second'),
      (${sessionId}, 'A lovely picture!', false, null, null, ${hookName}, now())`;
  try {
    await openAdmin(page, "/admin/chats");
    await page.getByRole("navigation", { name: "Conversations" }).getByRole("link", { name: sessionId }).click();
    await expect(page).toHaveURL(new RegExp(`session=${sessionId}`));
    const conversation = page.getByRole("region", { name: "Conversation" });
    await expect(conversation.getByText("Hello, what does it cost?")).toBeVisible();
    await expect(conversation.getByRole("img", { name: "Image sent by the visitor" })).toHaveAttribute(
      "src",
      "/favicon.svg",
    );
    await expect(conversation.locator("audio")).toHaveAttribute("src", "/voice-sample.wav");
    await expect(conversation.getByText(`Answered by webhook "${hookName}"`)).toBeVisible();
    await expect(conversation.getByText("Canned reply (no webhook answered)")).toBeVisible();
    const texts = await conversation.getByRole("listitem").allInnerTexts();
    expect(texts[0]).toContain("Hello, what does it cost?");
    expect(texts.at(-1)).toContain("A lovely picture!");
  } finally {
    await sql`delete from chat_messages where session_id = ${sessionId}`;
  }
});
