import { randomBytes } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { auditLog, chatMessages, chatSessions, outboxEvents } from "~/db/schema";
import { type ChatReplyEvent, type HandoffView, newChatSessionId } from "~/lib/chat";
import { getEnv } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context.server";
import { listSessionMessages } from "~/models/chat-messages.server";
import { findPersonalData } from "~/models/personal-data.server";
import { updateSiteSettings } from "~/models/site-settings.server";
import { createWebhook, deleteWebhook } from "~/models/webhooks.server";
import * as handoffRoute from "~/routes/public/chat-handoff";
import * as widgetRoute from "~/routes/public/chat-messages";
import { conversationWritten } from "~/services/chat/conversation-writes.server";
import { renewChatSession } from "~/services/chat/session-cookie.server";
import { personalDataExport } from "~/services/personal-data.server";

import { createTestAdmin } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor, TEST_ORIGIN } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";

// Live chat with a person (docs/product.md §12.1): handing over, routing while staff hold the
// conversation, staff replies from Admin → Chats, handing back, the staff email's limit.

const VISITOR_ASKED = productText("You asked to talk to a person. We've let the team know.");
const ASSISTANT_PASSED = productText("The assistant has passed this conversation to our team.");
const HANDED_BACK = productText("The assistant is back in this conversation.");
const CONVERSATION_GONE = productText(
  "This conversation no longer exists (it was erased or expired); the reply was not sent.",
);

const randomIp = () => `10.1.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function freshSession(): Promise<{ sessionId: string; cookie: string }> {
  const sessionId = newChatSessionId();
  return { sessionId, cookie: (await renewChatSession(sessionId, 24)).split(";")[0] };
}

const context = () => requestContext({ clientIp: randomIp(), cspNonce: "" });

/** The widget's message: the NDJSON events of its answer. */
async function postWidget(message: string, cookie: string): Promise<ChatReplyEvent[]> {
  const form = new FormData();
  form.set("message", message);
  const request = new Request(`${TEST_ORIGIN}/chat/messages`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
  });
  const answer = await widgetRoute.action({ request, context: context(), params: {} } as never);
  return (await answer.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatReplyEvent);
}

async function widgetHistory(cookie: string) {
  const request = new Request(`${TEST_ORIGIN}/chat/messages`, { headers: { Cookie: cookie } });
  const answer = await widgetRoute.loader({ request, context: context(), params: {} } as never);
  return (await answer.json()) as {
    messages: { message: string; staffName?: string; html?: string }[];
    handoff: HandoffView;
  };
}

/** "Talk to a person": the widget's fetch (JSON) or the /chat page's form (a 303 back). */
function postHandoff(cookie: string, json: boolean): Promise<Response> {
  const request = new Request(`${TEST_ORIGIN}/chat/handoff`, {
    method: "POST",
    headers: { Cookie: cookie, ...(json ? { Accept: "application/json" } : {}) },
  });
  return handoffRoute.action({ request, context: context(), params: {} } as never);
}

function staffPost(sessionId: string, fields: Record<string, string>, cookie: string) {
  return send(postRequest(`/admin/chats?session=${encodeURIComponent(sessionId)}`, { sessionId, ...fields }, cookie));
}

/** The replies the test webhook gave, and what it was sent. */
let webhook: TestServer;
let handOverNext = false;
beforeAll(async () => {
  webhook = await startTestServer((request, response) => {
    const message = String((request.json as { message?: unknown }).message);
    if (handOverNext) {
      handOverNext = false;
      return answerJson(response, 200, { output: `Let me get someone: ${message}`, handoff: true });
    }
    answerJson(response, 200, { response: `Bot: ${message}` });
  });
});
afterAll(() => webhook.close());

const sentFor = (sessionId: string) =>
  webhook.received.filter((request) => (request.json as { session_id?: string }).session_id === sessionId);

describe.each(BACKENDS)("live chat with a person on %s", (backend) => {
  useTestDatabase(backend);
  let webhookId: string;
  beforeAll(async () => {
    webhookId = (
      await createWebhook({
        name: uniqueName("Bot"),
        url: `${webhook.url}/bot`,
        method: "POST",
        headers: {},
        isActive: true,
      })
    ).id;
    await updateSiteSettings({ chatLiveHours: null, chatPresenceRequired: false, chatHandBackMinutes: 30 });
  });
  afterAll(() => deleteWebhook(webhookId));

  it("hands over on request, keeps the visitor's messages from the webhooks, and carries staff replies both ways", async () => {
    const { sessionId, cookie } = await freshSession();
    await postWidget("Hello", cookie);
    expect(sentFor(sessionId)).toHaveLength(1);

    // The /chat page's form: back to the conversation; the widget's fetch: who answers now.
    const form = await postHandoff(cookie, false);
    expect(form.status).toBe(303);
    expect(form.headers.get("Location")).toBe("/chat#chat-form");
    const json = (await (await postHandoff(cookie, true)).json()) as { handoff: HandoffView };
    expect(json.handoff).toEqual({
      status: "waiting",
      notice: productText("The team has been told. Someone will answer here in a few minutes."),
    });

    // Held: stored for staff, sent to no webhook, no bot reply.
    const held = await postWidget("Are you there?", cookie);
    expect(held.at(-1)).toMatchObject({
      type: "done",
      user: { message: "Are you there?" },
      handoff: { status: "waiting" },
    });
    expect(held.at(-1)).not.toHaveProperty("bot");
    expect(sentFor(sessionId)).toHaveLength(1);

    const staff = await createTestAdmin(db(), { displayName: "Anna" });
    const staffCookie = await sessionFor(staff);
    const page = await send(getRequest(`/admin/chats`, staffCookie));
    const chats = page.loaderData["routes/admin/chats"] as { waiting: { sessionId: string }[]; selected: string };
    expect(chats.waiting.map((row) => row.sessionId)).toContain(sessionId);
    expect((page.loaderData["routes/admin/layout"] as { waitingChats: number }).waitingChats).toBeGreaterThan(0);

    const sent = await staffPost(sessionId, { intent: "reply", message: "Hi, I'm **Anna**." }, staffCookie);
    expect(sent.status).toBe(302);
    expect(sent.toast?.message).toBe(productText("Reply sent"));

    const history = await widgetHistory(cookie);
    expect(history.handoff).toMatchObject({ status: "staff", staffName: "Anna" });
    expect(history.messages.map((m) => m.message)).toEqual([
      "Hello",
      "Bot: Hello",
      VISITOR_ASKED,
      "Are you there?",
      "Hi, I'm **Anna**.",
    ]);
    // The same sanitized markdown as the assistant's replies.
    expect(history.messages.at(-1)).toMatchObject({
      staffName: "Anna",
      html: "<p>Hi, I'm <strong>Anna</strong>.</p>\n",
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.target, sessionId));
    expect(audit.map((entry) => [entry.action, entry.actorUsername])).toEqual([["chat.staff_replied", staff.username]]);

    // Handed back: the next message goes to the webhooks again, with what was said meanwhile.
    const back = await staffPost(sessionId, { intent: "hand-back" }, staffCookie);
    expect(back.toast?.message).toBe(productText("Handed back"));
    const after = await postWidget("Thanks!", cookie);
    expect(after.at(-1)).toMatchObject({ bot: { message: "Bot: Thanks!" } });
    const [, resumed] = sentFor(sessionId);
    expect((resumed.json as { metadata: { staffConversation: unknown } }).metadata.staffConversation).toEqual([
      expect.objectContaining({ from: "site", text: VISITOR_ASKED }),
      expect.objectContaining({ from: "visitor", text: "Are you there?" }),
      expect.objectContaining({ from: "staff", name: "Anna", text: "Hi, I'm **Anna**." }),
      expect.objectContaining({ from: "site", text: HANDED_BACK }),
    ]);
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.target, sessionId))).map((entry) => entry.action).sort(),
    ).toEqual(["chat.handed_back", "chat.staff_replied"]);
  });

  it("hands back after the set minutes without a staff reply", async () => {
    const { sessionId, cookie } = await freshSession();
    await postWidget("Hello", cookie);
    await postHandoff(cookie, true);
    const staff = await createTestAdmin(db());
    await staffPost(sessionId, { intent: "reply", message: "One moment" }, await sessionFor(staff));
    // The clock moved on: the last staff reply was 31 minutes ago (the setting's 30 by default).
    await db()
      .update(chatSessions)
      .set({
        staffRepliedAt: sql`now() - interval '31 minutes'`,
        handoffRequestedAt: sql`now() - interval '40 minutes'`,
      })
      .where(eq(chatSessions.sessionId, sessionId));
    expect((await widgetHistory(cookie)).handoff).toEqual({ status: "assistant" });
    const answer = await postWidget("Still there?", cookie);
    expect(answer.at(-1)).toMatchObject({ bot: { message: "Bot: Still there?" } });
    expect(sentFor(sessionId)).toHaveLength(2);
  });

  it("hands over after a webhook's reply with handoff: true, the reply shown first", async () => {
    const { sessionId, cookie } = await freshSession();
    handOverNext = true;
    const events = await postWidget("I want a human", cookie);
    expect(events.at(-1)).toMatchObject({
      bot: { message: "Let me get someone: I want a human" },
      handoff: { status: "waiting" },
    });
    await conversationWritten(sessionId);
    expect((await listSessionMessages(sessionId)).map((m) => m.message)).toEqual([
      "I want a human",
      "Let me get someone: I want a human",
      ASSISTANT_PASSED,
    ]);
    const [event] = await db()
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, "chat.handoff_requested"), sql`${outboxEvents.data}->>'session_id' = ${sessionId}`),
      );
    expect(event.data).toMatchObject({ requested_by: "assistant", first_message: "I want a human" });
  });

  it("mails staff once per conversation per 10 minutes, whatever the handovers", async () => {
    const { sessionId, cookie } = await freshSession();
    const staff = await createTestAdmin(db());
    const staffCookie = await sessionFor(staff);
    const emails = async () =>
      (
        await db()
          .select()
          .from(outboxEvents)
          .where(
            and(eq(outboxEvents.type, "chat.handoff_email"), sql`${outboxEvents.data}->>'session_id' = ${sessionId}`),
          )
      ).length;
    await postHandoff(cookie, true);
    await postHandoff(cookie, true);
    await staffPost(sessionId, { intent: "hand-back" }, staffCookie);
    await postHandoff(cookie, true);
    expect(await emails()).toBe(1);
    const requested = await db()
      .select()
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, "chat.handoff_requested"), sql`${outboxEvents.data}->>'session_id' = ${sessionId}`),
      );
    expect(requested).toHaveLength(2);
    // Eleven minutes on, the next handover is mailed again.
    await db()
      .update(chatSessions)
      .set({ staffNotifiedAt: sql`now() - interval '11 minutes'` })
      .where(eq(chatSessions.sessionId, sessionId));
    await staffPost(sessionId, { intent: "hand-back" }, staffCookie);
    await postHandoff(cookie, true);
    expect(await emails()).toBe(2);
  });

  it("refuses a reply over the chat's limit with the text kept, and a reply to an erased conversation", async () => {
    const { sessionId, cookie } = await freshSession();
    await postWidget("Hello", cookie);
    const staffCookie = await sessionFor(await createTestAdmin(db()));
    const tooLong = "x".repeat(getEnv().CHAT_MAX_MESSAGE_CHARS + 1);
    const refused = await staffPost(sessionId, { intent: "reply", message: tooLong }, staffCookie);
    expect(refused.status).toBe(400);
    const result = (
      refused.actionData as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
    ).result;
    expect(result.error.message).toEqual([
      productText.pattern(
        "Please keep the reply under {max} characters; it was not sent.",
        String(getEnv().CHAT_MAX_MESSAGE_CHARS),
      ),
    ]);
    expect(result.initialValue.message).toBe(tooLong);

    await db().delete(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    const gone = await staffPost(sessionId, { intent: "reply", message: "Hello?" }, staffCookie);
    expect(gone.status).toBe(410);
    const goneResult = (
      gone.actionData as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
    ).result;
    expect(goneResult.error[""]).toEqual([CONVERSATION_GONE]);
    expect(goneResult.initialValue.message).toBe("Hello?");
    expect(await listSessionMessages(sessionId)).toEqual([]);
  });

  it("lands two replies sent at once, both in order", async () => {
    const { sessionId, cookie } = await freshSession();
    await postWidget("Hello", cookie);
    const [one, two] = await Promise.all([
      createTestAdmin(db(), { displayName: "One" }),
      createTestAdmin(db(), { displayName: "Two" }),
    ]);
    const [oneCookie, twoCookie] = await Promise.all([sessionFor(one), sessionFor(two)]);
    const answers = await Promise.all([
      staffPost(sessionId, { intent: "reply", message: "From one" }, oneCookie),
      staffPost(sessionId, { intent: "reply", message: "From two" }, twoCookie),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const staffMessages = (await listSessionMessages(sessionId)).filter((m) => m.answeredBy === "staff");
    expect(staffMessages.map((m) => m.message).sort()).toEqual(["From one", "From two"]);
    expect(staffMessages[0].createdAt.getTime()).toBeLessThan(staffMessages[1].createdAt.getTime());
  });

  it("exports staff replies with the visitor's conversation, and erases them with it", async () => {
    const { sessionId, cookie } = await freshSession();
    const email = `bea.${randomBytes(4).toString("hex")}@example.com`;
    await postWidget(`Write to me at ${email}`, cookie);
    await staffPost(
      sessionId,
      { intent: "reply", message: "Will do!" },
      await sessionFor(await createTestAdmin(db(), { displayName: "Cleo" })),
    );
    const exported = personalDataExport(email, await findPersonalData(email));
    expect(exported.chatConversations[0].messages.map((m) => [m.from, m.message])).toEqual([
      ["visitor", `Write to me at ${email}`],
      ["assistant", `Bot: Write to me at ${email}`],
      ["staff", "Will do!"],
    ]);
    expect(exported.chatConversations[0].messages[2]).toMatchObject({ staffName: "Cleo" });

    const owner = await createTestAdmin(db(), { role: "super_admin" });
    const erased = await send(postRequest("/admin/personal-data", { intent: "erase", email }, await sessionFor(owner)));
    expect(erased.status).toBe(302);
    expect(await listSessionMessages(sessionId)).toEqual([]);
    expect(await db().select().from(chatSessions).where(eq(chatSessions.sessionId, sessionId))).toEqual([]);
  });
});
