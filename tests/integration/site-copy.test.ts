import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { db } from "~/db/client.server";
import {
  auditLog,
  chatMessages,
  chatSessions,
  contactMessages,
  eventWebhooks,
  siteSettings,
  webhooks,
} from "~/db/schema";
import { type Env, getEnv } from "~/lib/env.server";
import { sealSecret } from "~/lib/secret-box.server";
import { newSigningSecret } from "~/lib/standard-webhooks.server";
import { readCounters } from "~/models/counters.server";
import { saveIntegrations } from "~/models/integrations.server";
import { updateSiteSettings } from "~/models/site-settings.server";
import { listActiveWebhooks } from "~/models/webhooks.server";
import { handleChatMessage } from "~/services/chat/conversation.server";
import { cachedPage, pageBeingRendered } from "~/services/page-cache/cache.server";
import { deleteExpiredRecords } from "~/services/retention.server";

import { createTestAdmin, createTestWebhook } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";

// The marketing copy, the privacy and terms pages, retention, the webhooks' order and
// the Chats list, through the routes as a browser without JavaScript posts them.

// docs/product.md, the order page's steps and the Services page's FAQ, with n8n as {tool}.
const SPEC_NEXT_STEPS = [
  "We review your request within 24 hours",
  "We schedule a consultation call to understand your needs",
  "You receive a customised proposal and timeline",
  "We start building as soon as you approve",
].map((step) => productText(step));
const SPEC_FAQ = [
  {
    question: productText.pattern("What is {tool}?", "n8n"),
    answer: productText.pattern(
      "{tool} is a workflow automation platform that connects your apps, APIs and databases, so that data moves between them and repetitive tasks run on their own, without anyone copying and pasting.",
      "n8n",
    ),
  },
  {
    question: productText("How long does setup take?"),
    answer: productText(
      "Most automations are set up within 3-7 business days. Simple workflows can be ready in 1-2 days, while custom solutions can take up to 2 weeks.",
    ),
  },
  {
    question: productText("Do I need technical knowledge?"),
    answer: productText(
      "No technical knowledge is needed. We handle the whole build, walk you through the result and make sure your team is comfortable using it.",
    ),
  },
  {
    question: productText("What does ongoing support include?"),
    answer: productText(
      "Ongoing support includes monitoring, maintenance, updates, bug fixes, minor changes, priority email support and monthly check-ins.",
    ),
  },
];

const SPEC_STATS = [
  { value: "150+", label: "Projects Completed" },
  { value: "80+", label: "Happy Clients" },
  { value: "5+", label: "Years Experience" },
];

const COPY = {
  intent: "copy",
  stat1Value: "210+",
  stat1Label: "Workflows Live",
  stat2Value: "95+",
  stat2Label: "Happy Clients",
  stat3Value: "7+",
  stat3Label: "Years Experience",
  foundedYear: "2019",
  nextSteps: "We read your request\r\nWe call you\r\n\r\nWe start",
};

const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };

/** A rendered page's words, without its markup. */
function pageText(html: string): string {
  return (
    html
      .replace(/<[^>]+>/g, "")
      .replaceAll("&quot;", '"')
      .replaceAll("&#39;", "'")
      .replaceAll("&amp;", "&")
      // The renderer's typographer curls quotes; the spec writes them straight.
      .replaceAll(/[\u2018\u2019]/g, "'")
      .replaceAll(/[\u201c\u201d]/g, '"')
  );
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_request, response) => answerJson(response, 200, { response: "ok" }));
});
afterAll(() => server.close());

describe.each(BACKENDS)("site copy and privacy on %s", (backend) => {
  useTestDatabase(backend);

  async function adminPost() {
    const admin = await createTestAdmin(db(), { role: "admin" });
    const cookie = await sessionFor(admin);
    return {
      admin,
      cookie,
      post: (path: string, fields: Record<string, string>) => send(postRequest(path, fields, cookie)),
    };
  }

  it("shows the spec's figures, year, steps and FAQ until the admin edits them", async () => {
    const home = await send(getRequest("/"));
    const root = home.loaderData.root as { settings: { heroStats: unknown; foundedYear: number; faq?: unknown } };
    expect(root.settings.heroStats).toEqual(SPEC_STATS);
    expect(root.settings.foundedYear).toBe(2024);
    // Long texts stay out of what every page receives.
    expect(root.settings).not.toHaveProperty("faq");
    expect(root.settings).not.toHaveProperty("privacyPolicy");
    const order = await send(getRequest("/order"));
    expect((order.loaderData["routes/public/order"] as { nextSteps: string[] }).nextSteps).toEqual(SPEC_NEXT_STEPS);
    const services = await send(getRequest("/services"));
    expect((services.loaderData["routes/public/services"] as { faq: unknown }).faq).toEqual(SPEC_FAQ);
  });

  it("keeps a cached page no longer than the year its footer shows, which turns in the site's time zone", async () => {
    await updateSiteSettings({ timeZone: "Pacific/Auckland" });
    const key = `/?year=${crypto.randomUUID()}`;
    const newYearInAuckland = Date.parse("2025-12-31T11:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(newYearInAuckland - 60_000);
      const home = await send(getRequest(key), { pageCacheKey: key });
      expect((home.loaderData.root as { currentYear: number }).currentYear).toBe(2025);
      await pageBeingRendered(key);
      expect(cachedPage(key)).toBeDefined();

      vi.setSystemTime(newYearInAuckland);
      expect(cachedPage(key)).toBeUndefined();
      const next = await send(getRequest(key));
      expect((next.loaderData.root as { currentYear: number }).currentYear).toBe(2026);
    } finally {
      vi.useRealTimers();
      await updateSiteSettings({ timeZone: null });
    }
  });

  it("saves the figures, founded year and steps, refuses a bad year, and audits the change", async () => {
    const { admin, post } = await adminPost();
    const refused = await post("/admin/content", { ...COPY, foundedYear: "24" });
    expect(refused.status).toBe(400);
    const saved = await post("/admin/content", COPY);
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(siteSettings);
    expect(row.heroStats[0]).toEqual({ value: "210+", label: "Workflows Live" });
    expect(row.foundedYear).toBe(2019);
    expect(row.nextSteps).toEqual(["We read your request", "We call you", "We start"]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(entry.action).toBe("content.updated");
    expect(entry.details).toEqual({ fields: expect.arrayContaining(["heroStats", "foundedYear", "nextSteps"]) });
  });

  it("adds, edits, reorders and removes FAQ questions", async () => {
    const { post } = await adminPost();
    const question = uniqueName("Do you work weekends?");
    expect((await post("/admin/content", { intent: "faq-add", question, answer: "Rarely." })).status).toBe(302);
    const faq = async () => (await db().select().from(siteSettings))[0].faq!;
    expect((await faq()).map((item) => item.question)).toEqual([...SPEC_FAQ.map((item) => item.question), question]);
    expect((await post("/admin/content", { intent: "faq-up", index: "4" })).status).toBe(302);
    expect((await faq())[3].question).toBe(question);
    expect(
      (await post("/admin/content", { intent: "faq-save", index: "3", question, answer: "Only for emergencies." }))
        .status,
    ).toBe(302);
    expect((await faq())[3].answer).toBe("Only for emergencies.");
    expect((await post("/admin/content", { intent: "faq-remove", index: "0" })).status).toBe(302);
    expect(await faq()).toHaveLength(4);
    expect((await faq())[2].question).toBe(question);
    // The list changed in another tab: a stale index is refused, nothing else is touched.
    expect((await post("/admin/content", { intent: "faq-down", index: "3" })).status).toBe(409);
    expect((await post("/admin/content", { intent: "faq-remove", index: "9" })).status).toBe(409);
    const services = await send(getRequest("/services"));
    expect((services.loaderData["routes/public/services"] as { faq: { question: string }[] }).faq[2].question).toBe(
      question,
    );
  });

  it("serves /privacy and /terms from the template, then the admin's markdown with HTML escaped", async () => {
    const { post } = await adminPost();
    await db().update(siteSettings).set({ chatRetentionMonths: 6, webhookIpMode: "truncated" });
    const privacy = await send(getRequest("/privacy"));
    const page = privacy.loaderData["routes/public/privacy"] as { html: string; ipStatement: string };
    expect(page.html).toContain("Conversations are deleted 6 months after their last message");
    expect(page.html).toContain("Contact messages");
    expect(page.ipStatement).toContain("shortened form of your IP address");

    const saved = await post("/admin/legal", {
      privacyPolicy: "## Our policy\n\n<script>alert(1)</script> [x](javascript:alert(2))",
      terms: "",
    });
    expect(saved.status).toBe(302);
    const edited = (await send(getRequest("/privacy"))).loaderData["routes/public/privacy"] as { html: string };
    expect(edited.html).toContain("<h2>Our policy</h2>");
    expect(edited.html).not.toContain("<script");
    expect(edited.html).not.toContain('href="javascript:');
    const [row] = await db().select().from(siteSettings);
    // The terms left empty stay the template, which follows the settings.
    expect(row.terms).toBeNull();
    const terms = (await send(getRequest("/terms"))).loaderData["routes/public/terms"] as { html: string };
    expect(terms.html).toContain(`<h2>${productText("How an order works")}</h2>`);
  });

  it("names on /privacy every place the configuration sends personal data, and the IP sentence once", async () => {
    const html = async () =>
      pageText(((await send(getRequest("/privacy"))).loaderData["routes/public/privacy"] as { html: string }).html);
    const chatHook = await createTestWebhook(db(), { url: "https://chat-brain.example/hook", isActive: true });
    const [orders, contacts, off, unparsable] = await db()
      .insert(eventWebhooks)
      .values(
        [
          { name: uniqueName("Orders"), url: "https://crm.example/orders", events: ["order.created" as const] },
          { name: uniqueName("Contacts"), url: "https://helpdesk.example/in", events: ["contact.created" as const] },
          {
            name: uniqueName("Off"),
            url: "https://switched-off.example/",
            events: ["order.created" as const],
            isActive: false,
          },
          // Not a URL (stored before validation, or by hand): named by nothing, never printed whole.
          { name: uniqueName("Bad"), url: "hooks token-4f2a9c/in", events: ["order.created" as const] },
        ].map((row) => ({ ...row, secret: sealSecret(newSigningSecret()) })),
      )
      .returning();
    await saveIntegrations({
      airtableToken: "patAirtableToken",
      airtableBaseId: "appBase",
      airtableTableId: "tblOrders",
    });
    const original = getEnv();
    globalEnv.__appEnv = {
      ...original,
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: "Agency <hello@agency.test>",
      STAFF_EMAIL: "staff@agency.test",
    };
    try {
      await db().update(siteSettings).set({ webhookIpMode: "none", privacyPolicy: null });
      const text = await html();
      const spec = (literal: string, replacements: Record<string, string> = {}) =>
        Object.entries(replacements).reduce(
          (line, [placeholder, value]) => line.replace(placeholder, value),
          productText(literal).replaceAll("**", ""),
        );
      // The payment providers, and the payments kept for the accounts (docs/product.md §11.3).
      expect(text).toContain(
        spec(
          "**Stripe** (stripe.com) and **PayPal** (paypal.com), when you pay an order online through them, receive your name, email address and the amounts you pay; your card or account details go to them directly and never reach us.",
        ),
      );
      expect(text).toContain(
        spec(
          "**Payments**: what you paid for each order (the amount, the date, and the payment provider's reference for it), kept with the order for our accounts, also after your other data is erased.",
        ),
      );
      expect(text).toContain(
        spec(
          "**Our chat assistant's automation services** ({hosts}) receive your chat messages, and the images or voice notes you send, to write the assistant's replies.",
          { "{hosts}": "chat-brain.example" },
        ),
      );
      expect(text).toContain(
        spec("**{host}**, a service our business runs on, receives {what}.", {
          "{host}": "crm.example",
          "{what}": productText("your orders (name, email address, phone number, service, prices and project details)"),
        }),
      );
      expect(text).toContain(
        spec("**{host}**, a service our business runs on, receives {what}.", {
          "{host}": "helpdesk.example",
          "{what}": productText("your contact messages (name, email address and message)"),
        }),
      );
      expect(text).not.toContain("switched-off.example");
      expect(text).not.toContain("token-4f2a9c");
      expect(text).toContain(
        spec(
          "**Our mail server** carries the emails about your order or message to our staff (with your name, email address, phone number and project details), and your order confirmation to you (the service and prices only).",
        ),
      );
      expect(text).toContain(
        spec(
          "**Airtable** (airtable.com), where we keep our order list, receives your orders: name, email address, phone number, service, prices, status and project details.",
        ),
      );
      // The page adds the IP sentence below the text: the template does not repeat it.
      expect(text).not.toContain(productText("Our chat assistant's services do not receive your IP address."));

      // As the configuration is now: switched off, they are no longer named.
      globalEnv.__appEnv = original;
      await saveIntegrations({ airtableToken: null, airtableBaseId: null, airtableTableId: null });
      await db()
        .delete(eventWebhooks)
        .where(inArray(eventWebhooks.id, [orders.id, contacts.id, off.id, unparsable.id]));
      await db().delete(webhooks).where(eq(webhooks.id, chatHook.id));
      const after = await html();
      for (const gone of ["crm.example", "helpdesk.example", "chat-brain.example", "Our mail server", "Airtable"]) {
        expect(after).not.toContain(gone);
      }
    } finally {
      globalEnv.__appEnv = original;
    }
  });

  it("serves a terms template that covers the order, payment, support, refunds, ownership, liability and law", async () => {
    await db()
      .update(siteSettings)
      .set({ terms: null, companyName: "Terms Co", businessAddress: "1 Main St, Springfield" });
    const text = pageText(
      ((await send(getRequest("/terms"))).loaderData["routes/public/terms"] as { html: string }).html,
    );
    for (const heading of [
      "What you order",
      "How an order works",
      "Prices and payment",
      "Monthly support",
      "Refunds",
      "Who owns the workflows",
      "Liability",
      "Governing law",
    ]) {
      expect(productText(`\`${heading}\``)).toBeTruthy();
      expect(text).toContain(heading);
    }
    expect(text).toContain(
      productText(
        'These terms apply when you order a service from {company}[, {business address}] ("we") through this website.',
      ).replace("{company}[, {business address}]", "Terms Co, 1 Main St, Springfield"),
    );
    expect(text).toContain(productText("[country or state, to be completed]"));
    expect(text.split(/\s+/).length).toBeGreaterThan(500);
  });

  it("saves the retention, IP and time zone settings and refuses a zone that does not exist", async () => {
    const { post } = await adminPost();
    const base = {
      companyName: "Copy Co",
      workflowToolName: "n8n",
      homepageHeadline: "Automations",
      homepageSubtext: "We build them.",
      supportEmail: "help@example.com",
    };
    const bad = await post("/admin/settings", { ...base, timeZone: "Mars/Olympus" });
    expect(bad.status).toBe(400);
    const saved = await post("/admin/settings", {
      ...base,
      chatRetentionMonths: "3",
      contactRetentionMonths: "24",
      webhookIpMode: "full",
      timeZone: "Europe/Berlin",
    });
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(siteSettings);
    expect(row).toMatchObject({
      chatRetentionMonths: 3,
      contactRetentionMonths: 24,
      webhookIpMode: "full",
      timeZone: "Europe/Berlin",
    });
  });

  it("deletes conversations and contact messages past their retention, keeping counters and sessions right", async () => {
    await db().update(siteSettings).set({ chatRetentionMonths: 12, contactRetentionMonths: 6 });
    const old = uniqueName("old-session");
    const recent = uniqueName("recent-session");
    await db()
      .insert(chatMessages)
      .values([
        { sessionId: old, message: "old hello", isUserMessage: true, createdAt: sql`now() - interval '13 months'` },
        { sessionId: old, message: "old reply", isUserMessage: false, createdAt: sql`now() - interval '13 months'` },
        // Active recently: kept whole, however old its first message.
        { sessionId: recent, message: "first", isUserMessage: true, createdAt: sql`now() - interval '14 months'` },
        { sessionId: recent, message: "latest", isUserMessage: true, createdAt: sql`now() - interval '1 day'` },
      ]);
    await db()
      .insert(contactMessages)
      .values([
        { name: "Old", email: "old@example.com", message: "old", createdAt: sql`now() - interval '7 months'` },
        { name: "New", email: "new@example.com", message: "new", createdAt: sql`now() - interval '5 months'` },
      ]);
    const before = await readCounters(["chat_sessions", "contact_messages", "contact_messages_unread"]);

    expect(await deleteExpiredRecords()).toMatchObject({ conversations: 1, contactMessages: 1 });

    const sessions = await db().select().from(chatSessions);
    expect(sessions.some((s) => s.sessionId === old)).toBe(false);
    expect(sessions.find((s) => s.sessionId === recent)).toMatchObject({ messageCount: 2, firstMessage: "first" });
    expect(await db().select().from(chatMessages).where(eq(chatMessages.sessionId, old))).toEqual([]);
    const after = await readCounters(["chat_sessions", "contact_messages", "contact_messages_unread"]);
    expect(after).toEqual({
      chat_sessions: before.chat_sessions - 1,
      contact_messages: before.contact_messages - 1,
      contact_messages_unread: before.contact_messages_unread - 1,
    });
    expect(await deleteExpiredRecords()).toMatchObject({ conversations: 0, contactMessages: 0 });
  });

  it("reorders webhooks with move up and down, which the chat follows", async () => {
    const { post } = await adminPost();
    const first = await createTestWebhook(db(), { name: uniqueName("first hook"), isActive: true });
    const second = await createTestWebhook(db(), { name: uniqueName("second hook"), isActive: true });
    const order = async () =>
      (await listActiveWebhooks()).map((w) => w.id).filter((id) => [first.id, second.id].includes(id));
    expect(await order()).toEqual([first.id, second.id]);
    expect((await post("/admin/webhooks", { intent: "move-down", webhookId: first.id })).status).toBe(302);
    expect(await order()).toEqual([second.id, first.id]);
    expect((await post("/admin/webhooks", { intent: "move-up", webhookId: first.id })).status).toBe(302);
    expect(await order()).toEqual([first.id, second.id]);
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, "webhook.moved"));
    expect(entries.map((e) => e.details)).toEqual([{ direction: "down" }, { direction: "up" }]);
  });

  it("lists each conversation with its preview, count, answering webhook and times in the site's zone", async () => {
    const { cookie } = await adminPost();
    await db().update(siteSettings).set({ timeZone: "Asia/Tokyo" });
    const session = uniqueName("zoned");
    await db()
      .insert(chatMessages)
      .values([
        { sessionId: session, message: "Can you automate invoices?", isUserMessage: true },
        { sessionId: session, message: "Yes!", isUserMessage: false, answeredBy: "Primary n8n" },
      ]);
    const page = await send(getRequest("/admin/chats", cookie));
    const data = page.loaderData["routes/admin/chats"] as {
      timeZone: string;
      sessions: { sessionId: string; firstMessage: string; messageCount: number; answeredBy: string }[];
    };
    expect(data.timeZone).toBe("Asia/Tokyo");
    expect(data.sessions.find((s) => s.sessionId === session)).toMatchObject({
      firstMessage: "Can you automate invoices?",
      messageCount: 2,
      answeredBy: "Primary n8n",
    });
  });

  it("names on each conversation's card the webhook that answered that conversation", async () => {
    const { cookie } = await adminPost();
    const sources = ["Primary n8n", "Backup n8n", "settings"];
    const sessions = sources.map((source) => uniqueName(`answered ${source}`));
    // Each conversation's reply comes from its own source; the last written is the site's newest.
    for (const [i, sessionId] of sessions.entries()) {
      await db()
        .insert(chatMessages)
        .values({ sessionId, message: `Question ${i}`, isUserMessage: true });
      await db()
        .insert(chatMessages)
        .values({ sessionId, message: `Answer ${i}`, isUserMessage: false, answeredBy: sources[i] });
    }
    const page = await send(getRequest("/admin/chats", cookie));
    const data = page.loaderData["routes/admin/chats"] as {
      sessions: { sessionId: string; answeredBy: string | null }[];
    };
    const cards = sessions.map((id) => data.sessions.find((s) => s.sessionId === id)?.answeredBy);
    expect(cards).toEqual(sources);
  });

  it("sends the chat webhooks nothing, the /24 or the full visitor address, as the setting says", async () => {
    // Only this webhook: the others' answers would stop the fan-out before it.
    await db().delete(webhooks);
    const path = `/ip/${uniqueName("hook").replace(" ", "-")}`;
    await createTestWebhook(db(), { name: uniqueName("ip hook"), url: `${server.url}${path}`, isActive: true });
    const ips: unknown[] = [];
    for (const mode of ["none", "truncated", "full"] as const) {
      await db().update(siteSettings).set({ webhookIpMode: mode });
      await handleChatMessage({
        sessionId: uniqueName("session").replace(" ", "_"),
        message: "hi",
        media: null,
        origin: null,
        visitorIp: "203.0.113.77",
      });
      const received = server.received.filter((request) => request.path === path).at(-1);
      ips.push((received?.json as { user_info: { ip: string } }).user_info.ip);
    }
    expect(ips).toEqual(["unknown", "203.0.113.0", "203.0.113.77"]);
  });
});
