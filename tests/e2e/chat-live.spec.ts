import type { Browser, Page } from "@playwright/test";

import { productText } from "../support/product-text";
import { openAdmin } from "./admin-helpers";
import { ADMIN, expect, storedChatMessage, test, unique } from "./fixtures";

// The live chat's round trip in two browsers (docs/product.md §12): a visitor with JavaScript asks
// for a person in the widget, staff reply in Admin → Chats, and the reply shows in the visitor's open
// panel without a reload; the staff screen shows the visitor's next message the same way.

// The round trigger stands on its own from 1536 px (chat.spec.ts).
test.use({ viewport: { width: 1600, height: 900 } });
/** A staff reply reaches the other browser within a second or two; this leaves room for a loaded machine. */
const LIVE_MS = 10_000;

async function openWidget(page: Page) {
  await page.goto("/");
  const trigger = page.getByRole("link", { name: productText("Open AI Chat") });
  await expect(trigger).toHaveAttribute("aria-haspopup", "dialog");
  await trigger.click();
  const panel = page.getByRole("dialog", { name: productText("AI Assistant") });
  await expect(panel).toBeVisible();
  return panel;
}

/** A second browser, signed in as the seeded owner: the staff member. */
async function staffPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const response = await page.request.post("/admin/login", { form: ADMIN, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  await page.request.get("/admin");
  return page;
}

test.describe("live chat with a person", { tag: "@js" }, () => {
  test("staff take over, reply live to the open panel, read the visitor live, and hand back", async ({
    page,
    browser,
    baseURL,
    sql,
  }) => {
    const panel = await openWidget(page);
    await panel.getByRole("button", { name: productText("Talk to a person") }).click();
    await expect(panel.locator("[data-chat-status]")).toHaveText(productText("Waiting for our team"));
    await expect(panel.getByRole("button", { name: productText("Talk to a person") })).toHaveCount(0);
    const first = unique("Is anyone there?");
    const input = panel.getByPlaceholder(productText("Type your message..."));
    await input.fill(first);
    await input.press("Enter");
    const log = panel.getByRole("log", { name: productText("Chat messages") });
    await expect(log.locator('[data-chat-message="user"]').filter({ hasText: first })).toHaveCount(1);
    await expect(input).toBeEnabled();
    const { session_id: sessionId } = await storedChatMessage(sql, first);

    const staff = await staffPage(browser, baseURL!);
    try {
      await openAdmin(staff, `/admin/chats?session=${sessionId}`);
      // Every admin screen's title carries the number of conversations waiting.
      await expect(staff).toHaveTitle(/^\(\d+\) /);
      const conversation = staff.getByRole("region", { name: productText("Conversation") });
      await expect(conversation).toContainText(first);

      const reply = unique("Hi, I can help");
      await staff.getByLabel(productText("Reply"), { exact: true }).fill(`${reply} **today**`);
      await staff.getByRole("button", { name: productText("Send reply") }).click();

      const bubble = log.locator('[data-chat-message="staff"]').filter({ hasText: reply });
      await expect(bubble).toHaveCount(1, { timeout: LIVE_MS });
      await expect(bubble).toContainText(ADMIN.username);
      await expect(bubble.locator("strong")).toHaveText("today");
      await expect(panel.locator("[data-chat-status]")).toHaveText(
        productText.pattern("Chatting with {name} from our team", ADMIN.username),
      );

      // The staff screen follows the visitor without a reload.
      const second = unique("Thanks, one more question");
      await input.fill(second);
      await input.press("Enter");
      await expect(conversation).toContainText(second, { timeout: LIVE_MS });

      await staff.getByRole("button", { name: productText("Hand back to assistant") }).click();
      await expect(panel.locator("[data-chat-status]")).toContainText(productText("Online"), { timeout: LIVE_MS });
      await expect(panel.getByRole("button", { name: productText("Talk to a person") })).toBeVisible();
    } finally {
      await staff.context().close();
    }
  });

  test("falls back to asking every few seconds when the stream is refused", async ({ page, browser, baseURL, sql }) => {
    // Three turns of polling (the handover's line, the reply, the hand-back) on a loaded machine.
    test.slow();
    await page.route("**/chat/stream*", (route) => route.fulfill({ status: 503, body: "refused" }));
    const panel = await openWidget(page);
    await panel.getByRole("button", { name: productText("Talk to a person") }).click();
    // The handover made the conversation: the message goes to the same one.
    await expect(panel.locator("[data-chat-status]")).toHaveText(productText("Waiting for our team"));
    const log = panel.getByRole("log", { name: productText("Chat messages") });
    // The site's line on the handover comes by polling too, not only when the panel opens again.
    await expect(log).toContainText(productText("You asked to talk to a person. We've let the team know."), {
      timeout: LIVE_MS,
    });
    const first = unique("Polling visitor");
    const input = panel.getByPlaceholder(productText("Type your message..."));
    await input.fill(first);
    await input.press("Enter");
    await expect(input).toBeEnabled();
    const { session_id: sessionId } = await storedChatMessage(sql, first);

    const staff = await staffPage(browser, baseURL!);
    try {
      await openAdmin(staff, `/admin/chats?session=${sessionId}`);
      const reply = unique("Polled reply");
      await staff.getByLabel(productText("Reply"), { exact: true }).fill(reply);
      await staff.getByRole("button", { name: productText("Send reply") }).click();
      // The widget asks /chat/messages every 5 s.
      await expect(panel.locator('[data-chat-message="staff"]').filter({ hasText: reply })).toHaveCount(1, {
        timeout: LIVE_MS,
      });

      await staff.getByRole("button", { name: productText("Hand back to assistant") }).click();
      await expect(log).toContainText(productText("The assistant is back in this conversation."), { timeout: LIVE_MS });
      await expect(panel.locator("[data-chat-status]")).toContainText(productText("Online"));
    } finally {
      await staff.context().close();
    }
  });

  test("a message sent as the visitor asks for a person lands in the same conversation", async ({ page, sql }) => {
    const panel = await openWidget(page);
    const first = unique("Both at once");
    const input = panel.getByPlaceholder(productText("Type your message..."));
    await input.fill(first);
    // Both posts leave in one task, before either is answered: neither carries a conversation cookie.
    await panel.getByRole("button", { name: productText("Talk to a person") }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.form!.requestSubmit();
    });
    await expect(panel.locator("[data-chat-status]")).toHaveText(productText("Waiting for our team"));
    const log = panel.getByRole("log", { name: productText("Chat messages") });
    await expect(log.locator('[data-chat-message="user"]').filter({ hasText: first })).toHaveCount(1);
    await expect(input).toBeEnabled();
    const { session_id: sessionId } = await storedChatMessage(sql, first);
    const handedOver = await sql`select session_id from chat_sessions
      where session_id = ${sessionId} and handoff_requested_at is not null`;
    expect(handedOver).toHaveLength(1);
  });

  test("the admin tab's icon carries a dot while conversations wait", async ({ page, login }) => {
    // The number waiting is the whole site's, which other tests change: the stream here says it.
    let waiting = 0;
    await page.route("**/admin/chats/stream", (route) =>
      route.fulfill({
        headers: { "Content-Type": "text/event-stream" },
        // The browser reconnects after `retry` ms, and so reads the number again.
        body: `retry: 100\nevent: waiting\ndata: ${waiting}\n\n`,
      }),
    );
    await login();
    await openAdmin(page, "/admin");
    const icon = page.locator('link[rel="icon"]');
    const plain = await icon.getAttribute("href");
    expect(plain).not.toMatch(/^data:/);
    waiting = 1;
    await expect(icon).toHaveAttribute("href", /^data:image\/png;base64,/);
    await expect(page).toHaveTitle(/^\(1\) /);
    waiting = 0;
    await expect(icon).toHaveAttribute("href", plain!);
    await expect(page).not.toHaveTitle(/^\(\d+\) /);
  });

  test("a conversation that starts waiting as a form is answered leaves the form's toast", async ({
    page,
    login,
    sql,
  }) => {
    let waiting = 0;
    await page.route("**/admin/chats/stream", (route) =>
      route.fulfill({
        headers: { "Content-Type": "text/event-stream" },
        body: `retry: 100\nevent: waiting\ndata: ${waiting}\n\n`,
      }),
    );
    const name = unique("E2E Waiting Meanwhile");
    const [row] = await sql`
      insert into contact_messages (name, email, message) values (${name}, 'meanwhile@example.com', 'Hello')
      returning id`;
    try {
      await login();
      await openAdmin(page, `/admin/messages?q=${encodeURIComponent(name)}`);
      // The page's data after the answer reaches the server, which takes the toast from its cookie,
      // and is held until the number waiting changed and the screen would read its data again.
      let held = false;
      let readsAfter = 0;
      await page.route("**/admin/messages.data*", async (route) => {
        if (route.request().method() !== "GET") return route.fallback();
        if (held) {
          readsAfter++;
          return route.fallback();
        }
        held = true;
        const response = await route.fetch();
        waiting = 1;
        await expect(page).toHaveTitle(/^\(1\) /);
        const readAgain = (request: { url: () => string }) => request.url().includes("/admin/messages.data");
        await page.waitForRequest(readAgain, { timeout: 1500 }).catch(() => undefined);
        await route.fulfill({ response }).catch(() => undefined);
      });
      await page.getByRole("button", { name: `Mark as read the message from ${name}` }).click();
      await expect(page.getByText("Message marked as read.")).toBeVisible();
      await expect(
        page.getByRole("listitem", { name: `Message from ${name}` }).getByText("Read", { exact: true }),
      ).toBeVisible();
      // The change the stream announced is read once the form's answer has loaded.
      await expect.poll(() => readsAfter).toBe(1);
    } finally {
      await sql`delete from contact_messages where id = ${row.id}`;
    }
  });
});
