import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { auditLog, chatMessages, contactMessages, siteSettings, webhooks } from "~/db/schema";
import { newChatSessionId } from "~/lib/chat";
import { CircuitBreaker } from "~/lib/circuit-breaker";
import { ENHANCED_FIELD } from "~/lib/enhanced-submission";
import { findPersonalData } from "~/models/personal-data.server";
import { updateSiteSettings } from "~/models/site-settings.server";
import type { loader as messagesLoader } from "~/routes/admin/messages";
import type { loader as chatLoader } from "~/routes/public/chat";
import { fanOut } from "~/services/chat/fan-out.server";
import { renewChatSession } from "~/services/chat/session-cookie.server";
import { chatPayload } from "~/services/webhooks.server";

import { createTestAdmin, createTestWebhook } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/webhook-server";

// The chat settings (Settings → Chat), the starter prompts on /chat, and the offline
// fallback's email, through the routes as the browser posts them.

const BASE_SETTINGS = {
  companyName: "Chat Co",
  workflowToolName: "n8n",
  homepageHeadline: "Automations",
  homepageSubtext: "We build them.",
  supportEmail: "help@example.com",
};

// docs/product.md: the toasts of the chat email, and the contact message it leaves (Admin Messages).
const CHAT_EMAIL_TOASTS = {
  sent: {
    type: "success",
    message: productText("Email sent!"),
    description: productText("We'll get back to you within 24 hours."),
  },
  failed: {
    type: "error",
    message: productText("Error"),
    description: productText("Failed to send your email address. Please try again."),
  },
};
const CHAT_VISITOR = productText("Chat visitor");
const LEFT_IN_THE_CHAT = productText("Left in the chat after a reply no webhook gave.");

type ChatPage = Awaited<ReturnType<typeof chatLoader>>;

function visitorIp(): string {
  return `chat-email-${randomUUID()}`;
}

let hanging: TestServer;
beforeAll(async () => {
  hanging = await startTestServer(() => {});
});
afterAll(() => hanging.close());

describe.each(BACKENDS)("chat settings and the offline fallback on %s", (backend) => {
  useTestDatabase(backend);

  async function adminCookie() {
    const admin = await createTestAdmin(db(), { role: "admin" });
    return { admin, cookie: await sessionFor(admin) };
  }

  /** A conversation whose last reply no webhook gave, and the visitor's chat_session cookie. */
  async function offlineConversation(firstMessage: string) {
    const sessionId = newChatSessionId();
    await db()
      .insert(chatMessages)
      .values([
        { sessionId, message: firstMessage, isUserMessage: true, createdAt: new Date(Date.now() - 1000) },
        { sessionId, message: "Thanks, we will be in touch.", isUserMessage: false, answeredBy: "canned" },
      ]);
    const cookie = (await renewChatSession(sessionId, 24)).split(";")[0];
    return { sessionId, cookie };
  }

  async function chatPage(path: string, cookie?: string): Promise<ChatPage> {
    const answer = await send(getRequest(path, cookie));
    expect(answer.status).toBe(200);
    return answer.loaderData["routes/public/chat"] as ChatPage;
  }

  function postEmail(fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}) {
    return send(postRequest("/chat/email", fields, options.cookie), {
      ip: options.ip ?? visitorIp(),
      javaScript: ENHANCED_FIELD in fields,
    });
  }

  it("saves the conversation lifetime, reply deadline and starter prompts, which every public page gets", async () => {
    const { admin, cookie } = await adminCookie();
    const saved = await send(
      postRequest(
        "/admin/settings",
        {
          ...BASE_SETTINGS,
          chatConversationHours: "48",
          chatReplyDeadlineSeconds: "30",
          "chatStarterPrompts[0]": "  How much does it cost?  ",
          "chatStarterPrompts[1]": "",
          "chatStarterPrompts[2]": "Can you connect my CRM?",
          "chatStarterPrompts[3]": "",
        },
        cookie,
      ),
    );
    expect(saved).toMatchObject({ status: 302, location: "/admin/settings" });
    const [row] = await db().select().from(siteSettings);
    expect(row).toMatchObject({
      chatConversationHours: 48,
      chatReplyDeadlineSeconds: 30,
      chatStarterPrompts: ["How much does it cost?", "Can you connect my CRM?"],
    });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(entry.details).toEqual({
      fields: expect.arrayContaining(["chatConversationHours", "chatReplyDeadlineSeconds", "chatStarterPrompts"]),
    });

    const root = (await send(getRequest("/chat"))).loaderData.root as { settings: Record<string, unknown> };
    expect(root.settings.chatStarterPrompts).toEqual(["How much does it cost?", "Can you connect my CRM?"]);
    // The server's own settings stay out of what every page receives.
    expect(root.settings).not.toHaveProperty("chatConversationHours");
    expect(root.settings).not.toHaveProperty("chatReplyDeadlineSeconds");

    // A form posted without the chat's fields (an older page) leaves them as they are.
    expect((await send(postRequest("/admin/settings", BASE_SETTINGS, cookie))).status).toBe(302);
    const [kept] = await db().select().from(siteSettings);
    expect(kept).toMatchObject({ chatConversationHours: 48, chatStarterPrompts: row.chatStarterPrompts });
    // Four empty inputs clear the prompts.
    const emptied = Object.fromEntries([0, 1, 2, 3].map((index) => [`chatStarterPrompts[${index}]`, ""]));
    expect((await send(postRequest("/admin/settings", { ...BASE_SETTINGS, ...emptied }, cookie))).status).toBe(302);
    expect((await db().select().from(siteSettings))[0].chatStarterPrompts).toEqual([]);
  });

  it("refuses a lifetime or deadline out of bounds and a long prompt, saving nothing", async () => {
    const { cookie } = await adminCookie();
    const [before] = await db().select().from(siteSettings);
    const refused = await send(
      postRequest(
        "/admin/settings",
        {
          ...BASE_SETTINGS,
          companyName: uniqueName("Refused Co"),
          chatConversationHours: "721",
          chatReplyDeadlineSeconds: "4",
          "chatStarterPrompts[0]": "x".repeat(81),
        },
        cookie,
      ),
    );
    expect(refused.status).toBe(400);
    expect((refused.actionData as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      chatConversationHours: ["Conversation lifetime must be at most 720 hours"],
      chatReplyDeadlineSeconds: ["Reply deadline must be at least 5 seconds"],
      "chatStarterPrompts[0]": ["A starter prompt can be up to 80 characters"],
    });
    const [after] = await db().select().from(siteSettings);
    expect(after).toEqual(before);
  });

  it("ends the chat's fan-out at the settings' reply deadline", async () => {
    await db().delete(webhooks);
    await createTestWebhook(db(), { name: uniqueName("hanging"), url: `${hanging.url}/hang`, isActive: true });
    await updateSiteSettings({ chatReplyDeadlineSeconds: 1 });
    const started = Date.now();
    const reply = await fanOut(chatPayload({ sessionId: newChatSessionId(), message: "hello?", mediaUrl: null }), {
      mediaType: null,
      timeoutMs: 10_000,
      breaker: new CircuitBreaker({ failures: 3, openMs: 60_000 }),
    });
    expect(reply.answeredBy).toBe("canned");
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeLessThan(5000);
    await db().delete(webhooks);
    await updateSiteSettings({ chatReplyDeadlineSeconds: 20 });
  });

  it("fills /chat's message box from a starter prompt's link, cut to the message limit", async () => {
    const page = await chatPage(`/chat?${new URLSearchParams({ message: "How much does it cost?" })}`);
    expect(page.prefill).toBe("How much does it cost?");
    const long = await chatPage(`/chat?message=${"y".repeat(page.limits.maxMessageChars + 10)}`);
    expect(long.prefill).toHaveLength(page.limits.maxMessageChars);
    expect((await chatPage("/chat")).prefill).toBe("");
  });

  it("offers to leave an email after a reply no webhook gave, and links what is left to the conversation", async () => {
    const first = uniqueName("Can you automate my invoices?");
    const { sessionId, cookie } = await offlineConversation(first);
    const before = await chatPage("/chat", cookie);
    expect(before.messages.at(-1)).toMatchObject({ isUserMessage: false, offline: true });
    expect(before.offline).toEqual({ emailLeft: false });

    const sent = await postEmail({ email: "ada@example.com", note: "Mornings are best." }, { cookie });
    expect(sent).toMatchObject({ status: 302, location: "/chat#chat-form", toast: CHAT_EMAIL_TOASTS.sent });
    const rows = await db().select().from(contactMessages).where(eq(contactMessages.chatSessionId, sessionId));
    expect(rows).toMatchObject([{ name: CHAT_VISITOR, email: "ada@example.com", isRead: false }]);
    expect(rows[0].message).toBe(
      [
        LEFT_IN_THE_CHAT,
        productText.pattern("Note: {note}", "Mornings are best."),
        productText.pattern("First message: {the visitor's first message}", first),
      ].join("\n\n"),
    );
    expect((await chatPage("/chat", cookie)).offline).toEqual({ emailLeft: true });

    // The admin's Messages screen gets the link to the conversation.
    const { cookie: admin } = await adminCookie();
    const inbox = (await send(getRequest(`/admin/messages?q=${encodeURIComponent(first)}`, admin))).loaderData[
      "routes/admin/messages"
    ] as Awaited<ReturnType<typeof messagesLoader>>;
    expect(inbox.messages).toMatchObject([{ chatSessionId: sessionId }]);

    // The conversation is the address's personal data, though no message of it names the address.
    const found = await findPersonalData("ada@example.com");
    expect(found.conversations.map((conversation) => conversation.sessionId)).toContain(sessionId);
  });

  it("makes no offer after a webhook's reply", async () => {
    const sessionId = newChatSessionId();
    await db()
      .insert(chatMessages)
      .values([
        { sessionId, message: "hi", isUserMessage: true, createdAt: new Date(Date.now() - 1000) },
        { sessionId, message: "Hello!", isUserMessage: false, answeredBy: "Primary n8n" },
      ]);
    const cookie = (await renewChatSession(sessionId, 24)).split(";")[0];
    const page = await chatPage("/chat", cookie);
    expect(page.messages.at(-1)).not.toHaveProperty("offline");
    expect(page.offline).toBeNull();
  });

  it("answers a post with JavaScript with data that says it was sent", async () => {
    const { sessionId, cookie } = await offlineConversation(uniqueName("Enhanced"));
    const sent = await postEmail({ email: "grace@example.com", [ENHANCED_FIELD]: "true" }, { cookie });
    expect(sent).toMatchObject({ status: 200, toast: CHAT_EMAIL_TOASTS.sent });
    expect(sent.actionData).toMatchObject({ sent: true, result: { initialValue: null } });
    expect(await db().select().from(contactMessages).where(eq(contactMessages.chatSessionId, sessionId))).toHaveLength(
      1,
    );
  });

  it("refuses a bad email address with a field error, keeping what was typed", async () => {
    const { sessionId, cookie } = await offlineConversation(uniqueName("Bad email"));
    const refused = await postEmail({ email: "not-an-email", note: "call me" }, { cookie });
    expect(refused.status).toBe(400);
    const { result } = refused.actionData as { result: { error: Record<string, string[]>; initialValue: unknown } };
    expect(result.error).toEqual({ email: ["Please enter a valid email address."] });
    expect(result.initialValue).toMatchObject({ email: "not-an-email", note: "call me" });
    expect(await db().select().from(contactMessages).where(eq(contactMessages.chatSessionId, sessionId))).toEqual([]);
  });

  it("keeps an address left without a conversation cookie, unlinked", async () => {
    const email = `${randomUUID()}@example.com`;
    const sent = await postEmail({ email });
    expect(sent).toMatchObject({ status: 302, toast: CHAT_EMAIL_TOASTS.sent });
    const rows = await db().select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(rows).toMatchObject([{ chatSessionId: null, message: LEFT_IN_THE_CHAT }]);
  });

  it("counts against the contact form's limit per address (CONTACT_MESSAGES_PER_HOUR, 5 by default)", async () => {
    const ip = visitorIp();
    const { cookie } = await offlineConversation(uniqueName("Flood"));
    for (let i = 0; i < 4; i++) {
      expect((await postEmail({ email: "flood@example.com" }, { cookie, ip })).status).toBe(302);
    }
    const contact = { name: "Ada", email: "ada@example.com", message: "Hello" };
    expect((await send(postRequest("/?index", contact), { ip })).status).toBe(302);
    const refused = await postEmail({ email: "flood@example.com" }, { cookie, ip });
    expect(refused).toMatchObject({ status: 429, toast: CHAT_EMAIL_TOASTS.failed });
    expect((await send(postRequest("/?index", contact), { ip })).status).toBe(429);
  });
});
