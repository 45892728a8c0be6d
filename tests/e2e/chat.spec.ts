import { writeFile } from "node:fs/promises";

import type { Locator, Page } from "@playwright/test";

import { DEFAULT_CHAT_MAX_MESSAGE_CHARS } from "../../app/lib/chat";
import { productText } from "../support/product-text";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";
import { axe } from "./axe";
import { expect, storedChatMessage, test as base, unique, withRecordLock } from "./fixtures";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
// Other engineers' webhooks may be tried first and time out (15 s each) before ours answers.
const REPLY_TIMEOUT_MS = 40_000;
// The round trigger stands on its own from 1536 px; narrower, it is one of the choices of the
// floating contact button (floating-controls.spec.ts, and the phone case below).
const WIDE_SCREEN = { width: 1600, height: 900 };

const MARKDOWN_MARKER = "[markdown]";
const STREAM_MARKER = "[stream]";
/**
 * How long a streamed reply waits between its halves unless the test lets it go on sooner. Short:
 * other specs' webhooks tried first may have used most of the reply deadline (20 s), and a stream
 * the deadline cuts off keeps only its first half.
 */
const STREAM_HOLD_MS = 3000;
/** The streamed replies held in this worker, by message: a test lets its own go on. */
const heldStreams = new Map<string, () => void>();
// The offline fallback: every test's webhook refuses these, so the canned reply answers.
const OFFLINE_MARKER = "[offline]";
// A reply with markdown, HTML and script links, all of which must stay inert; the last
// carries an allowed scheme after its real one, which only a rule anchored at the start refuses.
const MARKDOWN_REPLY =
  "**Bold** and a [link](https://example.com)\n\n- one\n- two\n\n<script>window.__x=1</script> [bad](javascript:window.__y=1) [click](javascript:window.__z=1//https://x)";

/**
 * Every test gets its own active webhook on a local server. The fan-out calls every active
 * webhook of the shared database, so the reply is derived from the message: whichever test's
 * server answers, the sender sees its own text echoed. Messages containing "[slow]" are answered
 * after a pause, to catch the busy state; "[slower]" after a longer one, for several steps.
 * Messages containing "[markdown]" get MARKDOWN_REPLY, in n8n's `output` field. Messages
 * containing "[stream]" are answered in n8n's streaming format: a first half, then (when the test
 * lets it go on, or after STREAM_HOLD_MS if another worker's server answered) the second.
 * Messages containing "[offline]" get a 503.
 */
const test = base.extend<{ webhook: TestServer }>({
  webhook: [
    async ({ sql }, use) => {
      let answering = 0;
      let answered = () => {};
      const server = await startTestServer((request, response) => {
        answering++;
        response.on("close", () => {
          if (--answering === 0) answered();
        });
        const message = String((request.json as { message?: unknown } | undefined)?.message);
        if (message.includes(MARKDOWN_MARKER)) return answerJson(response, 200, { output: MARKDOWN_REPLY });
        if (message.includes(STREAM_MARKER)) return void streamReply(response, message);
        if (message.includes(OFFLINE_MARKER)) return answerJson(response, 503, { error: "down" });
        const delayMs = message.includes("[slower]") ? 6000 : message.includes("[slow]") ? 1500 : 0;
        setTimeout(() => answerJson(response, 200, { response: `Echo: ${message}` }), delayMs);
      });
      const [row] = await sql`
        insert into webhooks (name, url, method, headers, is_active)
        values (${unique("e2e chat echo")}, ${`${server.url}/chat`}, 'POST', ${sql.json({ "X-Test": "chat" })}, true)
        returning id`;
      try {
        await use(server);
      } finally {
        await sql`delete from webhooks where id = ${row.id}`;
        // The fan-out may have reached this server with another test's message: closing it now
        // would cut that test's (streamed or slow) reply off half-way.
        if (answering > 0) await new Promise<void>((resolve) => (answered = resolve));
        await server.close();
      }
    },
    { auto: true },
  ],
});

test.describe.configure({ timeout: 90_000 });

/** n8n's streaming answer (NDJSON chunks, though it says JSON), held open between its halves. */
async function streamReply(response: import("node:http").ServerResponse, message: string) {
  const chunk = (type: string, content?: string) =>
    `${JSON.stringify({ type, content, metadata: { nodeId: "agent" } })}\n`;
  response.writeHead(200, { "Content-Type": "application/json" });
  response.write(chunk("begin") + chunk("item", `First half for ${message}`));
  await new Promise<void>((resolve) => {
    heldStreams.set(message, resolve);
    setTimeout(resolve, STREAM_HOLD_MS);
  });
  heldStreams.delete(message);
  response.end(chunk("item", " and the **second half**.") + chunk("end"));
}

async function workflowToolName(sql: import("postgres").Sql): Promise<string> {
  const [settings] = await sql`select workflow_tool_name from site_settings`;
  return settings.workflow_tool_name;
}

async function whatsappDigits(sql: import("postgres").Sql): Promise<string> {
  const [settings] = await sql`select whatsapp_number from site_settings`;
  return String(settings.whatsapp_number).replace(/\D/g, "");
}

/** Counts the microphone streams the page opens, to check they are all released. */
function watchMicrophone(page: Page, options: { failRecorder?: "constructor" | "start" } = {}) {
  return page.addInitScript((failRecorder) => {
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    const streams: MediaStream[] = [];
    (window as unknown as { chatTestStreams: MediaStream[] }).chatTestStreams = streams;
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
    if (failRecorder === "constructor") {
      window.MediaRecorder = class {
        constructor() {
          throw new DOMException("No recorder for this stream", "NotSupportedError");
        }
      } as unknown as typeof MediaRecorder;
    } else if (failRecorder === "start") {
      MediaRecorder.prototype.start = () => {
        throw new DOMException("The recorder cannot start", "InvalidStateError");
      };
    }
  }, options.failRecorder);
}

function microphoneStreams(page: Page) {
  return page.evaluate(() =>
    (window as unknown as { chatTestStreams: MediaStream[] }).chatTestStreams.map((stream) =>
      stream.getTracks().every((track) => track.readyState === "ended") ? "released" : "live",
    ),
  );
}

/**
 * The visitor's message (sent with markdown of its own) shows as typed, and MARKDOWN_REPLY as
 * markup: the same on the /chat page without JavaScript and in the widget, rendered by the server.
 */
async function expectMarkdownReply(page: Page, log: Locator, sent: string, javaScriptEnabled: boolean) {
  const reply = log.locator('[data-chat-message="bot"]').filter({ hasText: "Bold and a link" });
  await expect(reply).toHaveCount(1, { timeout: REPLY_TIMEOUT_MS });
  await expect(reply.locator("strong")).toHaveText("Bold");
  // CSS, not roles: the bubble is itself an item of the log's list.
  await expect(reply.locator("ul")).toHaveCount(1);
  await expect(reply.locator("ul > li")).toHaveText(["one", "two"]);
  const link = reply.getByRole("link", { name: "link", exact: true });
  await expect(link).toHaveAttribute("href", "https://example.com");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  // The script is text, and the javascript: address no link.
  await expect(reply).toContainText("<script>window.__x=1</script>");
  await expect(reply.locator("script")).toHaveCount(0);
  await expect(reply.getByRole("link")).toHaveCount(1);
  // A refused link shows its label alone (app/lib/markdown.server.ts).
  await expect(reply).toContainText("</script> bad click");
  await expect(reply).not.toContainText("javascript:");
  if (javaScriptEnabled) {
    expect(
      await page.evaluate(() => {
        const globals = window as unknown as Record<string, unknown>;
        return [typeof globals.__x, typeof globals.__y, typeof globals.__z];
      }),
    ).toEqual(["undefined", "undefined", "undefined"]);
  }

  const mine = log.locator('[data-chat-message="user"]').filter({ hasText: sent });
  await expect(mine).toHaveCount(1);
  await expect(mine.locator("strong")).toHaveCount(0);
}

async function openWidget(page: Page) {
  await page.goto("/");
  const trigger = page.getByRole("link", { name: productText("Open AI Chat") });
  // Clicked before hydration, the trigger is still the link to /chat.
  await expect(trigger).toHaveAttribute("aria-haspopup", "dialog");
  await trigger.click();
  const panel = page.getByRole("dialog", { name: productText("AI Assistant") });
  await expect(panel).toBeVisible();
  return panel;
}

test.use({ viewport: WIDE_SCREEN });

test.describe("chat widget", { tag: "@js" }, () => {
  test("opens with the welcome message, sends text, shows the webhook's reply and closes", async ({ page, sql }) => {
    const panel = await openWidget(page);
    expect(new URL(page.url()).pathname).toBe("/");
    const log = panel.getByRole("log", { name: productText("Chat messages") });
    await expect(log).toContainText(
      productText.pattern(
        "Hi! I'm your {tool} automation assistant. How can I help you automate your business today? You can also send voice messages or images!",
        await workflowToolName(sql),
      ),
    );
    const input = panel.getByPlaceholder(productText("Type your message..."));
    await expect(input).toBeFocused();
    await expect(panel.getByRole("button", { name: productText("Send") })).toBeDisabled();

    const text = unique("Hello widget [slower]");
    await input.fill(text);
    await input.press("Enter");
    const mine = log.locator('[data-chat-message="user"]').filter({ hasText: text });
    await expect(mine).toHaveCount(1);
    const sentBubble = await mine.elementHandle();
    await expect(input).toBeDisabled();
    for (const name of [productText("Send"), productText("Voice"), productText("Photo")]) {
      await expect(panel.getByRole("button", { name, exact: true })).toBeDisabled();
    }
    await expect(log.getByText(productText("AI Assistant is typing"))).toBeAttached();
    await expect(log).toContainText(`Echo: ${text}`, { timeout: REPLY_TIMEOUT_MS });
    await expect(input).toBeEnabled();
    await expect(input).toBeFocused();
    // The same element, not a new one: the live log must not announce the message twice.
    expect(await sentBubble!.evaluate((element) => element.isConnected)).toBe(true);

    const rows = await sql`
      select m.session_id, m.is_user_message, m.answered_by, b.answered_by as reply_by, b.message as reply
      from chat_messages m join chat_messages b on b.session_id = m.session_id and not b.is_user_message
      where m.message = ${text}`;
    expect(rows).toHaveLength(1);
    expect(rows[0].session_id).toMatch(/^session_\d+_[a-z0-9]+$/);
    expect(rows[0].is_user_message).toBe(true);
    expect(rows[0].reply).toBe(`Echo: ${text}`);
    expect(rows[0].reply_by).toMatch(/^e2e chat echo /);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page.getByRole("link", { name: productText("Open AI Chat") })).toBeFocused();
  });

  test("shows the reply's markdown as sanitized markup", async ({ page, javaScriptEnabled }) => {
    const panel = await openWidget(page);
    const text = unique(`**plain** ${MARKDOWN_MARKER}`);
    const input = panel.getByPlaceholder(productText("Type your message..."));
    await input.fill(text);
    await input.press("Enter");
    await expectMarkdownReply(page, panel.getByRole("log"), text, javaScriptEnabled);
  });

  test("loads the panel's code when the visitor reaches for the chat, not with the page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    const trigger = page.getByRole("link", { name: productText("Open AI Chat") });
    await expect(trigger).toHaveAttribute("aria-haspopup", "dialog");
    await page.waitForLoadState("networkidle");
    // What only the chat needs: the voice recorder, the WAV encoder and the dialog.
    const chatOnly = ["getUserMedia", "OfflineAudioContext", "DialogContent"];
    const markersIn = async (urls: string[]) => {
      const code = await Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
      return chatOnly.filter((marker) => code.some((text) => text.includes(marker)));
    };
    const loadedWithPage = scripts.length;
    expect(await markersIn(scripts)).toEqual([]);

    await trigger.hover();
    await expect.poll(() => scripts.length).toBeGreaterThan(loadedWithPage);
    await trigger.click();
    const panel = page.getByRole("dialog", { name: productText("AI Assistant") });
    const input = panel.getByPlaceholder(productText("Type your message..."));
    await expect(input).toBeFocused();
    expect(await markersIn(scripts.slice(loadedWithPage))).toEqual(chatOnly);

    const text = unique("Lazy hello");
    await input.fill(text);
    await input.press("Enter");
    await expect(panel.getByRole("log")).toContainText(`Echo: ${text}`, { timeout: REPLY_TIMEOUT_MS });
    // Closed, the panel keeps the conversation and what was being typed.
    await input.fill("a draft");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await trigger.click();
    await expect(panel.getByRole("log")).toContainText(`Echo: ${text}`);
    await expect(input).toHaveValue("a draft");
  });

  test("opened before its code has arrived, opens when it does; without its code, goes to the chat page", async ({
    page,
  }) => {
    const trigger = page.getByRole("link", { name: productText("Open AI Chat") });
    const settled = async () => {
      await page.goto("/");
      await expect(trigger).toHaveAttribute("aria-haspopup", "dialog");
      await page.waitForLoadState("networkidle");
    };
    await settled();
    // Every script asked for from now on is the chat's.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await trigger.click();
    await expect(trigger).toBeVisible();
    release();
    const panel = page.getByRole("dialog", { name: productText("AI Assistant") });
    await expect(panel.getByPlaceholder(productText("Type your message..."))).toBeFocused();
    await expect(trigger).toBeHidden();

    await page.unrouteAll();
    await settled();
    await page.route("**/*.js", (route) => route.abort());
    await trigger.click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole("heading", { level: 1, name: productText("AI Assistant") })).toBeVisible();
  });

  test("keeps the conversation across a reload and the /chat page; New conversation starts afresh", async ({
    page,
    sql,
  }) => {
    let panel = await openWidget(page);
    const first = unique("first");
    await panel.getByPlaceholder(productText("Type your message...")).fill(first);
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("log")).toContainText(`Echo: ${first}`, { timeout: REPLY_TIMEOUT_MS });

    // Back after a reload: the widget shows the conversation so far, and goes on with it.
    await page.reload();
    panel = await openWidget(page);
    await expect(panel.getByRole("log")).toContainText(`Echo: ${first}`);
    const second = unique("second");
    await panel.getByPlaceholder(productText("Type your message...")).fill(second);
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("log")).toContainText(`Echo: ${second}`, { timeout: REPLY_TIMEOUT_MS });
    await storedChatMessage(sql, second);
    const sessions = await sql`select distinct session_id from chat_messages where message in (${first}, ${second})`;
    expect(sessions).toHaveLength(1);

    // The chat page (the chat without JavaScript) shows the same conversation.
    await page.goto("/chat");
    await expect(page.getByRole("log")).toContainText(`Echo: ${second}`);

    panel = await openWidget(page);
    await panel.getByRole("button", { name: productText("New conversation") }).click();
    await expect(panel.getByRole("log")).not.toContainText(first);
    const third = unique("afresh");
    await panel.getByPlaceholder(productText("Type your message...")).fill(third);
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("log")).toContainText(`Echo: ${third}`, { timeout: REPLY_TIMEOUT_MS });
    const row = await storedChatMessage(sql, third);
    expect(row.session_id).not.toBe(sessions[0].session_id);
    await page.reload();
    panel = await openWidget(page);
    await expect(panel.getByRole("log")).toContainText(`Echo: ${third}`);
    await expect(panel.getByRole("log")).not.toContainText(first);
  });

  test("a starter prompt sends at once; with no webhook answering, the visitor leaves an email in the widget", async ({
    page,
    sql,
  }) => {
    const prompt = unique(`Can you call me back? ${OFFLINE_MARKER}`);
    const email = `${unique("widget").replace(/\W+/g, "-")}@example.com`;
    await withRecordLock(sql, "site_settings", async () => {
      const [original] = await sql`select chat_starter_prompts from site_settings`;
      await sql`update site_settings set chat_starter_prompts = ${sql.json([prompt])}`;
      try {
        const panel = await openWidget(page);
        const prompts = panel.getByRole("list", { name: productText("Suggested questions") });
        await prompts.getByRole("button", { name: prompt }).click();
        await expect(panel.locator('[data-chat-message="user"]')).toContainText(prompt);
        await expect(prompts).toHaveCount(0);
        const offer = panel.getByRole("form", { name: productText("Prefer a reply from our team?") });
        await expect(offer).toBeVisible({ timeout: REPLY_TIMEOUT_MS });
        await offer.getByLabel(productText("Your email")).fill(email);
        await offer.getByRole("button", { name: productText("Send my email") }).click();
        await expect(panel.getByRole("status")).toHaveText(
          productText("Thanks! We have your email address and will get back to you within 24 hours."),
        );
        const { session_id: sessionId } = await storedChatMessage(sql, prompt);
        const [stored] = await sql`select chat_session_id from contact_messages where email = ${email}`;
        expect(stored.chat_session_id).toBe(sessionId);
      } finally {
        await sql`update site_settings set chat_starter_prompts = ${sql.json(original.chat_starter_prompts)}`;
        await sql`delete from contact_messages where email = ${email}`;
      }
    });
  });

  test("grows a streamed reply in its bubble as it arrives, then shows it rendered", async ({ page }) => {
    const panel = await openWidget(page);
    const text = unique(`Stream it ${STREAM_MARKER}`);
    await panel.getByPlaceholder(productText("Type your message...")).fill(text);
    await page.keyboard.press("Enter");
    const reply = panel.locator('[data-chat-message="bot"]').last();
    await expect(reply).toContainText(`First half for ${text}`, { timeout: REPLY_TIMEOUT_MS });
    // The first half shows while the webhook still holds the rest back.
    await expect(reply).not.toContainText("second half");
    await expect(panel.getByText(productText("AI Assistant is typing"))).toHaveCount(0);
    heldStreams.get(text)?.();
    await expect(reply.locator("strong")).toHaveText("second half", { timeout: REPLY_TIMEOUT_MS });
    await expect(reply).toContainText(`First half for ${text} and the second half.`);
  });

  test("shows the spec's header line and WhatsApp links, and a live log that follows the newest message", async ({
    page,
    sql,
  }) => {
    const panel = await openWidget(page);
    await expect(
      panel.getByText(
        `${productText("Online")} • ${productText.pattern("{tool} Expert", await workflowToolName(sql))}`,
        { exact: true },
      ),
    ).toBeVisible();
    const wa = new RegExp(`^https://wa\\.me/${await whatsappDigits(sql)}\\?text=`);
    for (const link of [
      panel.getByRole("link", { name: productText("Continue on WhatsApp") }),
      panel.getByRole("link", { name: productText("WhatsApp"), exact: true }),
    ]) {
      await expect(link).toHaveAttribute("href", wa);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    const input = panel.getByPlaceholder(productText("Type your message..."));
    await expect(input).toHaveAttribute("maxlength", String(DEFAULT_CHAT_MAX_MESSAGE_CHARS));

    const log = panel.getByRole("log", { name: productText("Chat messages") });
    await expect(log).toHaveAttribute("aria-live", "polite");
    for (let i = 1; i <= 3; i++) {
      const text = unique(`Message ${i} ${"long enough to wrap over several lines of the bubble ".repeat(3)}`);
      await input.fill(text);
      await input.press("Enter");
      await expect(log).toContainText(`Echo: ${text}`, { timeout: REPLY_TIMEOUT_MS });
    }
    const scroll = () =>
      log.evaluate((element) => ({
        top: element.scrollTop,
        height: element.scrollHeight,
        visible: element.clientHeight,
      }));
    expect((await scroll()).height).toBeGreaterThan((await scroll()).visible);
    await expect
      .poll(async () => {
        const { top, height, visible } = await scroll();
        return height - visible - top;
      })
      .toBeLessThanOrEqual(1);
  });

  test("Escape closes the chat wherever focus is; reopened while sending, the panel takes focus", async ({ page }) => {
    const panel = await openWidget(page);
    const trigger = page.getByRole("link", { name: productText("Open AI Chat") });
    await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).first().focus();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    const input = panel.getByPlaceholder(productText("Type your message..."));
    const text = unique("While away [slower]");
    await input.fill(text);
    await input.press("Enter");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await trigger.click();
    await expect(input).toBeDisabled();
    await expect(panel).toBeFocused();
    await expect(panel.getByRole("log")).toContainText(`Echo: ${text}`, { timeout: REPLY_TIMEOUT_MS });
    await expect(input).toBeFocused();
  });

  test("opens on an error page too", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    const trigger = page.getByRole("link", { name: productText("Open AI Chat") });
    await expect(trigger).toHaveAttribute("href", "/chat");
    await expect(trigger).toHaveAttribute("aria-haspopup", "dialog");
    await trigger.click();
    const panel = page.getByRole("dialog", { name: productText("AI Assistant") });
    await expect(panel.getByPlaceholder(productText("Type your message..."))).toBeFocused();
    await expect(panel.getByPlaceholder(productText("Type your message..."))).toHaveAttribute(
      "maxlength",
      String(DEFAULT_CHAT_MAX_MESSAGE_CHARS),
    );
  });

  test("the hero's Try AI Chat Demo ([data-open-chat]) opens the widget instead of following its link", async ({
    page,
  }) => {
    // Once the widget has opened, hydration is over and the click listener is in place.
    await openWidget(page);
    await page.keyboard.press("Escape");
    const demo = page.getByRole("main").getByRole("link", { name: "Try AI Chat Demo" });
    await expect(demo).toHaveAttribute("data-open-chat", "");
    await demo.click();
    const panel = page.getByRole("dialog", { name: productText("AI Assistant") });
    await expect(panel).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/");
    await panel.getByRole("button", { name: productText("Close chat") }).click();
    await expect(panel).toBeHidden();
    await expect(demo).toBeFocused();
  });

  test("sends an image and ignores files that are not images", async ({ page, sql }) => {
    const panel = await openWidget(page);
    const log = panel.getByRole("log");

    let chooser = page.waitForEvent("filechooser");
    await panel.getByRole("button", { name: productText("Photo") }).click();
    await (await chooser).setFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    // A refused file shows no "Image sent" bubble, only the reason, whatever type it claims.
    const notice = panel
      .getByRole("alert")
      .filter({ hasText: productText("Only PNG, JPEG, GIF or WebP images can be sent.") });
    await expect(notice).toBeVisible();
    await expect(log.locator("[data-chat-message]")).toHaveCount(1);
    chooser = page.waitForEvent("filechooser");
    await panel.getByRole("button", { name: productText("Photo") }).click();
    await (await chooser).setFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await expect(notice).toBeVisible();
    await expect(log.locator("[data-chat-message]")).toHaveCount(1);
    await expect(log).not.toContainText(productText("Image sent"));

    const text = unique("Look at this");
    await panel.getByPlaceholder(productText("Type your message...")).fill(text);
    chooser = page.waitForEvent("filechooser");
    await panel.getByRole("button", { name: productText("Photo") }).click();
    await (await chooser).setFiles({ name: "screenshot.png", mimeType: "image/png", buffer: PNG });
    await panel.getByRole("button", { name: productText("Send") }).click();

    await expect(log).toContainText(`Echo: ${text}`, { timeout: REPLY_TIMEOUT_MS });
    const image = log.getByRole("img", { name: "Image you sent" });
    await expect(image).toBeVisible();
    const src = await image.getAttribute("src");
    expect(src).toMatch(/^\/uploads\/\d+-[0-9a-f-]{36}\.png$/);
    const served = await page.request.get(src!);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(await served.body()).toEqual(PNG);
    expect(await storedChatMessage(sql, text)).toMatchObject({ media_url: src, media_type: "image" });

    // Sent alone, the image gets the default text, its camera drawn as an icon: an emoji shows as a
    // box where no emoji font is installed.
    chooser = page.waitForEvent("filechooser");
    await panel.getByRole("button", { name: productText("Photo") }).click();
    await (await chooser).setFiles({ name: "alone.png", mimeType: "image/png", buffer: PNG });
    await panel.getByRole("button", { name: productText("Send") }).click();
    const alone = log.locator('[data-chat-message="user"]').last();
    await expect(alone.locator("[data-media-marker]")).toHaveText(productText("Image sent"));
    await expect(alone.locator("[data-media-marker] svg")).toBeVisible();
    await expect(alone).not.toContainText("📷");
  });

  test("a chosen photo waits as a thumbnail: caption it, remove it, choose again, then send", async ({ page, sql }) => {
    const panel = await openWidget(page);
    const log = panel.getByRole("log");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/chat/messages")
        posts.push(request.url());
    });
    const send = panel.getByRole("button", { name: productText("Send") });
    const thumbnail = panel.getByRole("img", { name: productText("Photo to send") });
    const choose = async (name: string) => {
      const chooser = page.waitForEvent("filechooser");
      await panel.getByRole("button", { name: productText("Photo") }).click();
      await (await chooser).setFiles({ name, mimeType: "image/png", buffer: PNG });
    };

    await choose("first.png");
    await expect(thumbnail).toBeVisible();
    expect(await thumbnail.getAttribute("src")).toMatch(/^blob:/);
    const caption = panel.getByPlaceholder(productText("Add a caption..."));
    await expect(caption).toBeFocused();
    await expect(send).toBeEnabled();
    expect(posts).toEqual([]);
    await expect(log.locator("[data-chat-message]")).toHaveCount(1);

    await panel.getByRole("button", { name: productText("Remove photo") }).click();
    await expect(thumbnail).toHaveCount(0);
    await expect(send).toBeDisabled();
    await expect(panel.getByPlaceholder(productText("Type your message..."))).toBeVisible();

    await choose("second.png");
    const text = unique("Our invoice form");
    await caption.fill(text);
    await send.click();
    await expect(thumbnail).toHaveCount(0);
    await expect(log).toContainText(`Echo: ${text}`, { timeout: REPLY_TIMEOUT_MS });
    const sent = log.locator('[data-chat-message="user"]').last();
    await expect(sent).toContainText(text);
    await expect(sent.getByRole("img", { name: "Image you sent" })).toBeVisible();
    expect(posts).toHaveLength(1);
    // The exchange is stored just after the reply is sent: wait for it rather than race it.
    await expect
      .poll(async () => (await sql`select media_type from chat_messages where message = ${text}`)[0])
      .toEqual({ media_type: "image" });
  });

  test("records a voice message, sends it as WAV and releases the microphone", async ({ page, sql }) => {
    await watchMicrophone(page);
    const panel = await openWidget(page);
    const text = unique("Voice note");
    const input = panel.getByPlaceholder(productText("Type your message..."));
    await input.fill(text);
    await panel.getByRole("button", { name: productText("Voice") }).click();
    const stop = panel.getByRole("button", { name: productText("Stop") });
    await expect(stop).toBeVisible();
    // The recording goes out next: no text message may overtake it.
    await expect(input).toBeDisabled();
    await expect(panel.getByRole("button", { name: productText("Send") })).toBeDisabled();
    await expect(panel.getByRole("button", { name: productText("Photo") })).toBeDisabled();
    await page.waitForTimeout(1500);
    await stop.click();

    const log = panel.getByRole("log");
    await expect(log).toContainText(`Echo: ${text}`, { timeout: REPLY_TIMEOUT_MS });
    const audio = log.getByLabel("Voice message you sent");
    const src = await audio.getAttribute("src");
    expect(src).toMatch(/^\/uploads\/\d+-[0-9a-f-]{36}\.wav$/);
    const served = await page.request.get(src!);
    expect(served.headers()["content-type"]).toBe("audio/wav");
    const wav = await served.body();
    expect(wav.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(wav.subarray(8, 12).toString("latin1")).toBe("WAVE");
    expect(wav.length).toBeGreaterThan(44 + 16_000);
    expect(await storedChatMessage(sql, text)).toMatchObject({ media_url: src, media_type: "voice" });

    expect(await microphoneStreams(page)).toEqual(["released"]);
  });

  for (const failRecorder of ["constructor", "start"] as const) {
    test(`releases the microphone and says so when the recorder's ${failRecorder} fails`, async ({ page }) => {
      await watchMicrophone(page, { failRecorder });
      const panel = await openWidget(page);
      await panel.getByRole("button", { name: productText("Voice") }).click();
      await expect(panel.getByRole("alert")).toHaveText(
        productText("The recording could not be processed. Please try again."),
      );
      await expect(panel.getByRole("button", { name: productText("Voice") })).toBeEnabled();
      expect(await microphoneStreams(page)).toEqual(["released"]);
    });
  }

  test("says so when the microphone is refused", async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    const panel = await openWidget(page);
    await panel.getByRole("button", { name: productText("Voice") }).click();
    await expect(panel.getByRole("alert")).toHaveText(
      productText("Microphone access was refused. Allow it in your browser to send voice messages."),
    );
    await expect(panel.getByRole("button", { name: productText("Voice") })).toBeEnabled();
  });

  test("shows why the server refused an oversize image and frees its preview", async ({ page }, testInfo) => {
    await page.addInitScript(() => {
      const created: string[] = [];
      (window as unknown as { chatTestBlobs: string[] }).chatTestBlobs = created;
      const original = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (object) => {
        const url = original(object);
        created.push(url);
        return url;
      };
    });
    const panel = await openWidget(page);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(big);
    // From a file on disk: Chromium reads it itself, where a buffer would cross the DevTools pipe
    // as base64, which took half a minute on a loaded machine.
    const file = testInfo.outputPath("huge.png");
    await writeFile(file, big);
    const chooser = page.waitForEvent("filechooser");
    await panel.getByRole("button", { name: productText("Photo") }).click();
    await (await chooser).setFiles(file);
    await panel.getByRole("button", { name: productText("Send") }).click();
    // The server's answer, after 5 MB went up: as long as any reply may take.
    await expect(panel.getByRole("alert")).toHaveText(
      `Not sent: ${productText.pattern("Images can be up to {size}.", "5 MB")}`,
      { timeout: REPLY_TIMEOUT_MS },
    );
    await expect(panel.getByRole("button", { name: productText("Photo") })).toBeEnabled();
    await expect(panel.getByRole("img", { name: "Image you sent" })).toHaveCount(0);
    const readable = await page.evaluate(() =>
      Promise.all(
        (window as unknown as { chatTestBlobs: string[] }).chatTestBlobs.map((url) =>
          fetch(url).then(
            () => url,
            () => "revoked",
          ),
        ),
      ),
    );
    // The thumbnail's and the sent bubble's previews.
    expect(readable).toEqual(["revoked", "revoked"]);
  });

  test("apologises instead of failing when the message cannot be sent", async ({ page }) => {
    const panel = await openWidget(page);
    await page.route("**/chat/messages", (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
    );
    const text = unique("Lost in transit");
    await panel.getByPlaceholder(productText("Type your message...")).fill(text);
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("log")).toContainText(
      productText(
        "I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to contact us directly via WhatsApp for immediate assistance.",
      ),
    );
    await expect(panel.getByPlaceholder(productText("Type your message..."))).toBeEnabled();
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  });

  test("has the spec's size on desktop, fills a phone screen, and passes axe", async ({ page }) => {
    let panel = await openWidget(page);
    const desktop = (await panel.boundingBox())!;
    expect(Math.round(desktop.height)).toBe(600);
    expect(Math.round(desktop.width)).toBe(384);
    const results = await axe(page, (builder) => builder.include('[role="dialog"]'));
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/");
    // On a phone too the chat is one click on its round trigger.
    await page.getByRole("link", { name: productText("Open AI Chat") }).click();
    panel = page.getByRole("dialog", { name: productText("AI Assistant") });
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: 320, height: 640 });
  });
});

test.describe("/chat page", () => {
  test("without JavaScript the trigger is a link to it", { tag: "@nojs" }, async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("link", { name: productText("Open AI Chat") });
    await expect(trigger).toHaveAttribute("href", "/chat");
    await trigger.click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole("heading", { level: 1, name: productText("AI Assistant") })).toBeVisible();
  });

  test("works as a plain form, keeping the conversation across posts", async ({ page, sql }) => {
    await page.goto("/chat");
    await expect(page.getByRole("heading", { level: 1, name: productText("AI Assistant") })).toBeVisible();
    const log = page.getByRole("main").getByRole("log", { name: productText("Chat messages") });
    // The page has a photo field and no recorder: its greeting offers images only.
    await expect(log).toContainText(
      productText.pattern(
        "Hi! I'm your {tool} automation assistant. How can I help you automate your business today? You can also send images!",
        await workflowToolName(sql),
      ),
    );
    await expect(log).not.toContainText("voice");
    await expect(page.getByRole("main").getByRole("button", { name: productText("Voice") })).toHaveCount(0);

    const form = page.getByRole("main");
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveAttribute(
      "maxlength",
      String(DEFAULT_CHAT_MAX_MESSAGE_CHARS),
    );
    await form.getByRole("button", { name: productText("Send") }).click();
    await expect(form.getByText(productText("Type a message or attach a photo."))).toBeVisible();

    const first = unique("Page message");
    await form.getByRole("textbox", { name: "Message" }).fill(first);
    await form.getByRole("button", { name: productText("Send") }).click();
    await expect(log).toContainText(`Echo: ${first}`, { timeout: REPLY_TIMEOUT_MS });
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("");

    const second = unique("With a photo");
    await form.getByRole("textbox", { name: "Message" }).fill(second);
    await form
      .getByLabel(productText("Photo"))
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: PNG });
    await form.getByRole("button", { name: productText("Send") }).click();
    await expect(log).toContainText(`Echo: ${second}`, { timeout: REPLY_TIMEOUT_MS });
    await expect(log).toContainText(`Echo: ${first}`);
    await expect(log.getByRole("img", { name: "Image you sent" })).toBeVisible();

    // A photo alone gets the default text, its camera drawn as an icon.
    await form
      .getByLabel(productText("Photo"))
      .setInputFiles({ name: "alone.png", mimeType: "image/png", buffer: PNG });
    await form.getByRole("button", { name: productText("Send") }).click();
    const alone = log.locator('[data-chat-message="user"]').last();
    await expect(alone.locator("[data-media-marker]")).toHaveText(productText("Image sent"), {
      timeout: REPLY_TIMEOUT_MS,
    });
    await expect(alone.locator("[data-media-marker] svg")).toBeVisible();
    await expect(alone).not.toContainText("📷");

    const renamed = unique("Renamed");
    await form.getByRole("textbox", { name: "Message" }).fill(renamed);
    await form
      .getByLabel(productText("Photo"))
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("text") });
    await form.getByRole("button", { name: productText("Send") }).click();
    await expect(form.getByText(productText("Only PNG, JPEG, GIF or WebP images can be sent."))).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue(renamed);

    await storedChatMessage(sql, second);
    const sessions = await sql`select distinct session_id from chat_messages where message in (${first}, ${second})`;
    expect(sessions).toHaveLength(1);

    await expect(page.locator("main")).toHaveCount(1);

    // New conversation: an empty log, and the next message in a session of its own.
    await page
      .getByRole("main")
      .getByRole("button", { name: productText("New conversation") })
      .click();
    await expect(log).not.toContainText(first);
    await expect(page.getByRole("main").getByRole("button", { name: productText("New conversation") })).toHaveCount(0);
  });

  test("shows the reply's markdown as sanitized markup, with or without JavaScript", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/chat");
    const main = page.getByRole("main");
    const text = unique(`**plain** ${MARKDOWN_MARKER}`);
    await main.getByRole("textbox", { name: "Message" }).fill(text);
    await main.getByRole("button", { name: productText("Send") }).click();
    const log = main.getByRole("log", { name: productText("Chat messages") });
    await expectMarkdownReply(page, log, text, javaScriptEnabled);
  });

  test("shows the starter prompts before the first message; one fills the message box", async ({ page, sql }) => {
    const prompt = unique("Which CRM do you connect?");
    await withRecordLock(sql, "site_settings", async () => {
      const [original] = await sql`select chat_starter_prompts from site_settings`;
      await sql`update site_settings set chat_starter_prompts = ${sql.json([prompt, "How much does it cost?"])}`;
      try {
        await page.goto("/chat");
        const prompts = page.getByRole("main").getByRole("list", { name: productText("Suggested questions") });
        await expect(prompts.getByRole("link")).toHaveCount(2);
        await prompts.getByRole("link", { name: prompt }).click();
        await expect(page).toHaveURL(/\/chat\?message=/);
        await expect(page.getByRole("main").getByRole("textbox", { name: "Message" })).toHaveValue(prompt);
      } finally {
        await sql`update site_settings set chat_starter_prompts = ${sql.json(original.chat_starter_prompts)}`;
      }
    });
  });

  test(
    "offers to leave an email when no webhook answers; it reaches Messages, linked to the conversation",
    { tag: "@nojs" },
    async ({ page, sql, login }) => {
      await page.goto("/chat");
      const main = page.getByRole("main");
      const text = unique(`Anyone there? ${OFFLINE_MARKER}`);
      await main.getByRole("textbox", { name: "Message" }).fill(text);
      await main.getByRole("button", { name: productText("Send") }).click();
      const offer = main.getByRole("form", { name: productText("Prefer a reply from our team?") });
      await expect(offer).toBeVisible({ timeout: REPLY_TIMEOUT_MS });
      const email = `${unique("visitor").replace(/\W+/g, "-")}@example.com`;
      await offer.getByLabel(productText("Your email")).fill(email);
      await offer.getByRole("button", { name: productText("Send my email") }).click();
      await expect(page.getByText(productText("Email sent!"))).toBeVisible();
      await expect(main.getByRole("status")).toHaveText(
        productText("Thanks! We have your email address and will get back to you within 24 hours."),
      );

      const { session_id: sessionId } = await storedChatMessage(sql, text);
      const [stored] = await sql`select chat_session_id from contact_messages where email = ${email}`;
      expect(stored.chat_session_id).toBe(sessionId);
      try {
        await login();
        await page.goto(`/admin/messages?${new URLSearchParams({ q: email })}`);
        const card = page.getByRole("listitem", { name: `Message from ${productText("Chat visitor")}` });
        await expect(card).toContainText(text);
        await card.getByRole("link", { name: productText("Open the conversation") }).click();
        await expect(page).toHaveURL(new RegExp(`/admin/chats\\?session=${sessionId}`));
        await expect(page.getByRole("region", { name: "Conversation" }).getByText(text)).toBeVisible();
      } finally {
        await sql`delete from contact_messages where email = ${email}`;
      }
    },
  );

  // axe runs inside the page, so it needs JavaScript; the markup it checks is the server's.
  test("passes axe", { tag: "@js" }, async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto("/chat");
    const audit = await axe(page);
    expect(audit.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});
