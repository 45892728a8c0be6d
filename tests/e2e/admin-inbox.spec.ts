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

test("chats: a conversation with its media, which webhook answered, how fast and whether streamed", async ({
  page,
  sql,
}) => {
  const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const hookName = unique("E2E Hook");
  await sql`
    insert into chat_messages (session_id, message, is_user_message, media_url, media_type, answered_by, reply_ms, streamed, created_at) values
      (${sessionId}, 'Hello, what does it cost?', true, null, null, null, null, null, now() - interval '4 seconds'),
      (${sessionId}, 'Basic setups start at $199.', false, null, null, 'canned', 12, false, now() - interval '3 seconds'),
      (${sessionId}, 'Image sent', true, '/favicon.svg', 'image', null, null, null, now() - interval '2 seconds'),
      (${sessionId}, 'Voice message', true, '/voice-sample.wav', 'voice', null, null, null, now() - interval '1 second'),
      (${sessionId}, 'A lovely picture!', false, null, null, ${hookName}, 2345, true, now())`;
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
    const replies = conversation.getByRole("listitem").filter({ has: page.getByText(/^Answered by|^Canned/) });
    await expect(replies.first()).toContainText("in 0.0 s");
    await expect(replies.first()).not.toContainText("streamed");
    await expect(replies.last()).toContainText("in 2.3 s, streamed");
    const texts = await conversation.getByRole("listitem").allInnerTexts();
    expect(texts[0]).toContain("Hello, what does it cost?");
    expect(texts.at(-1)).toContain("A lovely picture!");
  } finally {
    await sql`delete from chat_messages where session_id = ${sessionId}`;
  }
});

test("contact messages: a search in pages of 50 with plain links, a change keeps the page", async ({ page, sql }) => {
  const token = unique("E2E Paged");
  // 120 matches, one second apart: Sender 1 is the newest.
  const rows = await sql`
    insert into contact_messages (name, email, message, created_at)
    select ${token} || ' Sender ' || i, 'paged@example.com', 'Paged message ' || i, now() - (i || ' seconds')::interval
    from generate_series(1, 120) i
    returning id`;
  const list = page.getByRole("list", { name: "Contact messages" });
  const pager = page.getByRole("navigation", { name: "Pages" });
  const senders = async () =>
    (await list.getByRole("listitem").evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")))).map(
      (label) => Number(label?.split(" Sender ")[1]),
    );
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  try {
    await openAdmin(page, "/admin/messages");
    await page
      .getByRole("search", { name: "Search contact messages" })
      .getByLabel("Search by name, email or message")
      .fill(token);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.getByText(`Messages matching "${token}"`)).toBeVisible();
    await expect.poll(senders).toEqual(range(1, 50));
    await expect(pager.getByRole("link", { name: "First page" })).toHaveCount(0);
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);

    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]after=/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(token);
    await expect(list.getByRole("listitem").first()).toHaveAttribute("aria-label", `Message from ${token} Sender 51`);
    await expect.poll(senders).toEqual(range(51, 100));

    await pager.getByRole("link", { name: "Last page" }).click();
    await expect(list.getByRole("listitem").first()).toHaveAttribute("aria-label", `Message from ${token} Sender 71`);
    await expect.poll(senders).toEqual(range(71, 120));
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expect(pager.getByRole("link", { name: "Last page" })).toHaveCount(0);

    await pager.getByRole("link", { name: "Previous page" }).click();
    await expect(list.getByRole("listitem").first()).toHaveAttribute("aria-label", `Message from ${token} Sender 21`);
    await expect.poll(senders).toEqual(range(21, 70));
    const middle = page.url();

    const unreadBefore = Number((await sql`select count(*) from contact_messages where not is_read`)[0].count);
    const sidebar = page.getByRole("navigation", { name: "Admin" });
    await expect(sidebar.getByRole("link", { name: `Messages ${unreadBefore} unread` })).toBeVisible();
    const card = page.getByRole("listitem", { name: `Message from ${token} Sender 30` });
    await card.getByRole("button", { name: `Mark as read the message from ${token} Sender 30` }).click();
    await expect(page.getByText("Message marked as read.")).toBeVisible();
    await expect(card.getByText("Read", { exact: true })).toBeVisible();
    expect(page.url()).toBe(middle);
    await expect(sidebar.getByRole("link", { name: `Messages ${unreadBefore - 1} unread` })).toBeVisible();

    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
  } finally {
    await sql`delete from contact_messages where id in ${sql(rows.map((row) => row.id))}`;
  }
});

test("chats: the conversation's latest 50 messages in order, earlier ones a link away", async ({ page, sql }) => {
  const sessionId = `session_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  // 70 messages, one second apart, the visitor writing the odd ones.
  await sql`
    insert into chat_messages (session_id, message, is_user_message, created_at)
    select ${sessionId}, 'Line ' || i, i % 2 = 1, now() - ((70 - i) || ' seconds')::interval
    from generate_series(1, 70) i`;
  const conversation = page.getByRole("region", { name: "Conversation" });
  const pages = conversation.getByRole("navigation", { name: "Pages of this conversation" });
  // The messages: the list after the conversation's page links.
  const messages = conversation.getByRole("list").last().getByRole("listitem");
  const lines = async () => (await messages.allInnerTexts()).map((text) => Number(/Line (\d+)/.exec(text)?.[1]));
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  try {
    await openAdmin(page, "/admin/chats");
    const entry = page.getByRole("navigation", { name: "Conversations" }).getByRole("link", { name: sessionId });
    await expect(entry).toContainText("70 messages");
    await expect(entry).toContainText("Line 1");
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`session=${sessionId}`));
    await expect(messages.first()).toContainText("Line 21");
    await expect.poll(lines).toEqual(range(21, 70));
    await expect(pages.getByRole("link", { name: "Later messages" })).toHaveCount(0);

    await pages.getByRole("link", { name: "Earlier messages" }).click();
    await expect(page).toHaveURL(/msgs_after=/);
    await expect(messages.first()).toContainText("Line 1");
    await expect.poll(lines).toEqual(range(1, 20));
    await expect(pages.getByRole("link", { name: "Earlier messages" })).toHaveCount(0);

    await pages.getByRole("link", { name: "Latest messages" }).click();
    await expect(messages.first()).toContainText("Line 21");
    await pages.getByRole("link", { name: "Start of the conversation" }).click();
    await expect(page).toHaveURL(/msgs_last=1/);
    await expect(messages.last()).toContainText("Line 50");
    await expect.poll(lines).toEqual(range(1, 50));
  } finally {
    await sql`delete from chat_messages where session_id = ${sessionId}`;
  }
});

test("chats: a search and a range of days narrow the list, and its pages keep them", async ({ page, sql }) => {
  const token = unique("E2E Kestrel").replaceAll(" ", "-").toLowerCase();
  // 55 conversations mention the token on 10 March (at noon UTC: the same day in any usual site
  // time zone), newest first by their number; one mentions it on the 12th, one on the 10th does not.
  await sql`
    insert into chat_messages (session_id, message, is_user_message, created_at)
    select ${token} || '-' || lpad(i::text, 2, '0'), 'Hello', true, timestamptz '2026-03-10 12:00:00+00' - (i || ' seconds')::interval
    from generate_series(1, 55) i
    union all
    select ${token} || '-' || lpad(i::text, 2, '0'), 'Ask about ' || upper(${token}) || ' here', false,
      timestamptz '2026-03-10 12:00:00+00' - (i || ' seconds')::interval + interval '100 ms'
    from generate_series(1, 55) i
    union all select ${`${token}-later`}, ${token}, true, timestamptz '2026-03-12 12:00:00+00'
    union all select ${`${token}-other`}, 'Nothing here', true, timestamptz '2026-03-10 12:00:00+00'`;
  const filter = page.getByRole("search", { name: "Search conversations" });
  // The list the filter narrows: conversations other tests leave waiting for staff are listed above it.
  const entries = page.getByRole("navigation", { name: "Conversations" }).locator(":scope > ul").getByRole("link");
  const pager = page.getByRole("navigation", { name: "Pages" });
  const expectFilterInUrl = () =>
    expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toMatchObject({ q: token, from: "2026-03-10", to: "2026-03-11" });
  try {
    await openAdmin(page, "/admin/chats");
    await filter.getByLabel("Search messages").fill(token);
    await filter.getByLabel("From").fill("2026-03-10");
    await filter.getByLabel("To").fill("2026-03-11");
    await filter.getByRole("button", { name: "Search" }).click();
    await expect(
      page.getByText(`Conversations with a message containing "${token}", last active from 2026-03-10 to 2026-03-11`),
    ).toBeVisible();
    await expectFilterInUrl();
    await expect(entries).toHaveCount(50);
    await expect(entries.first()).toContainText(`${token}-01`);

    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]after=/);
    await expectFilterInUrl();
    await expect(entries).toHaveCount(5);
    await expect(entries.last()).toContainText(`${token}-55`);
    await expect(filter.getByLabel("Search messages")).toHaveValue(token);
    await expect(filter.getByLabel("From")).toHaveValue("2026-03-10");

    // Choosing a conversation keeps the filter and the page.
    await entries.filter({ hasText: `${token}-53` }).click();
    await expect(page).toHaveURL(new RegExp(`session=${token}-53`));
    await expectFilterInUrl();
    await expect(page.getByRole("region", { name: "Conversation" })).toContainText(`Ask about ${token.toUpperCase()}`);

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/chats$/);
    await expect(filter.getByLabel("Search messages")).toHaveValue("");
  } finally {
    await sql`delete from chat_messages where session_id like ${`${token}-%`}`;
  }
});
