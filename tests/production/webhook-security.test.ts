import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chatMessages, eventWebhooks, siteSettings, webhooks } from "~/db/schema";

import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { createTestWebhook, unique } from "../support/factories";
import { type HttpVisitor, toastOn, visibleText } from "../support/http-visitor";
import { productText } from "../support/product-text";
import { answerJson, startTestServer, type TestServer } from "../support/webhook-server";

// SSRF through webhooks and slow webhooks, against the built server with real
// HTTP listeners on 127.0.0.1.

function escapeRegExp(text: string): string {
  return text.replaceAll(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The bot's reply to `message` (sent by a visitor without JavaScript) and who gave it. */
async function replyTo(app: AppUnderTest, message: string) {
  const [user] = await app.db.select().from(chatMessages).where(eq(chatMessages.message, message));
  const [bot] = await app.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, user.sessionId), eq(chatMessages.isUserMessage, false)));
  return bot;
}

async function setChatWebhookUrl(app: AppUnderTest, url: string | null) {
  await app.db
    .insert(siteSettings)
    .values({
      id: 1,
      companyName: "Agency",
      homepageHeadline: "Headline",
      homepageSubtext: "Subtext",
      supportEmail: "support@example.com",
      chatWebhookUrl: url,
    })
    .onConflictDoUpdate({ target: siteSettings.id, set: { chatWebhookUrl: url } });
}

describe("without ALLOW_PRIVATE_WEBHOOK_URLS (the default)", () => {
  let app: AppUnderTest;
  let visitor: HttpVisitor;
  let internal: TestServer;
  beforeAll(async () => {
    [app, internal] = await Promise.all([
      startAppUnderTest({ ALLOW_PRIVATE_WEBHOOK_URLS: "" }),
      startTestServer((_request, response) => answerJson(response, 200, { response: "internal secret" })),
    ]);
    visitor = await app.signedIn();
  });
  afterAll(() => Promise.all([app?.stop(), internal?.close()]));

  it("Test refuses every spelling of a local address and names resolving there; nothing reaches the listener", async () => {
    const port = new URL(internal.url).port;
    const hosts = [
      "127.0.0.1",
      "localhost",
      "127.1",
      "2130706433",
      "0x7f000001",
      "0177.0.0.1",
      "0.0.0.0",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "169.254.169.254",
      "10.0.0.1",
      "100.64.0.1",
      "[fd00:ec2::254]",
    ];
    for (const host of hosts) {
      const webhook = await createTestWebhook(app.db, { url: `http://${host}:${port}/hook` });
      const answer = await visitor.post("/admin/webhooks", { intent: "test", webhookId: webhook.id });
      const toast = toastOn(answer.html);
      expect(toast, host).toMatchObject({ type: "error", message: productText("Webhook test failed") });
      expect(visibleText(answer.html), host).toContain(
        productText.pattern(
          "Error: {sentence}",
          productText(
            "This address is not allowed: webhooks must be on the public internet, unless the server sets ALLOW_PRIVATE_WEBHOOK_URLS=true.",
          ),
        ),
      );
      expect(visibleText(answer.html), host).toMatch(
        /Details: .* is a private or local address; webhooks must be public/,
      );
      expect(visibleText(answer.html)).not.toContain("internal secret");
    }
    expect(internal.received).toEqual([]);
    console.log(`webhook SSRF (admin Test): ${hosts.length} addresses tried, ${hosts.length} refused, 0 reached`);
  });

  it("refuses to save a local URL in every webhook form, naming ALLOW_PRIVATE_WEBHOOK_URLS; nothing is saved", async () => {
    const url = `http://127.0.0.1:${new URL(internal.url).port}/hook`;
    const reason = productText.pattern(
      "{host} is a private or local address, so the server would refuse to send anything there. Use a public address, or set ALLOW_PRIVATE_WEBHOOK_URLS=true on the server for a local n8n.",
      new URL(url).host,
    );
    await app.db.delete(webhooks);
    // No webhook the chat could ask: the dashboard says visitors get canned replies.
    const dashboard = visibleText((await visitor.get("/admin")).html);
    expect(dashboard).toContain(
      productText("No chat webhook is active: visitors get canned replies instead of your workflow's answers."),
    );
    expect(dashboard).toContain(productText("Set up a chat webhook"));
    const chat = await createTestWebhook(app.db, { url: "https://n8n.example/webhook/chat" });
    const chatFields = { name: unique("Local hook"), url, method: "POST", isActive: "on" };
    const eventFields = { name: unique("Local events"), url, events: "order.created", isActive: "on" };
    const forms = [
      { path: "/admin/webhooks/new", fields: chatFields, toast: "Error creating webhook" },
      { path: `/admin/webhooks/${chat.id}/edit`, fields: chatFields, toast: "Error updating webhook" },
      { path: "/admin/webhooks/events/new", fields: eventFields, toast: "Error creating event webhook" },
      {
        path: "/admin/settings",
        fields: {
          companyName: "Agency",
          workflowToolName: "n8n",
          homepageHeadline: "Headline",
          homepageSubtext: "Subtext",
          supportEmail: "support@example.com",
          chatWebhookUrl: url,
        },
        toast: "Error updating settings",
      },
    ];
    for (const { path, fields, toast } of forms) {
      const answer = await visitor.post(path, fields);
      expect(answer.status, path).toBe(400);
      expect(toastOn(answer.html), path).toMatchObject({ type: "error", message: productText(toast) });
      expect(visibleText(answer.html), path).toContain(reason);
    }
    const saved = await app.db.select().from(webhooks);
    expect(saved.map((webhook) => webhook.url)).toEqual(["https://n8n.example/webhook/chat"]);
    const [settings] = await app.db.select().from(siteSettings);
    expect(settings?.chatWebhookUrl ?? null).toBeNull();
    const events = await app.db.select().from(eventWebhooks).where(eq(eventWebhooks.url, url));
    expect(events).toEqual([]);
    expect(internal.received).toEqual([]);
    // A local URL saved before the rule existed does not block saving the other settings.
    await setChatWebhookUrl(app, url);
    const settingsForm = forms.at(-1)!;
    const renamed = await visitor.post(settingsForm.path, { ...settingsForm.fields, companyName: "Agency Renamed" });
    expect(renamed.status).toBe(302);
    const [afterRename] = await app.db.select().from(siteSettings);
    expect(afterRename).toMatchObject({ companyName: "Agency Renamed", chatWebhookUrl: url });
    await setChatWebhookUrl(app, null);
    await app.db.delete(webhooks);
  });

  it("the chat does not send a visitor's message to a local webhook or settings URL: canned reply", async () => {
    await app.db.delete(webhooks);
    await createTestWebhook(app.db, { url: `${internal.url.replace("127.0.0.1", "localhost")}/chat`, isActive: true });
    await setChatWebhookUrl(app, `${internal.url}/settings`);
    const message = unique("Hello SSRF");
    await app.visitor().post("/chat", { message });
    expect(await replyTo(app, message)).toMatchObject({ answeredBy: "canned" });
    expect(internal.received).toEqual([]);
    await setChatWebhookUrl(app, null);
  });
});

describe("with ALLOW_PRIVATE_WEBHOOK_URLS=true (local webhooks)", () => {
  const DEADLINE_SECONDS = 2;
  let app: AppUnderTest;
  let visitor: HttpVisitor;
  let hook: TestServer;
  let internal: TestServer;
  beforeAll(async () => {
    [app, internal] = await Promise.all([
      startAppUnderTest(),
      startTestServer((_request, response) => answerJson(response, 200, { response: "internal secret" })),
    ]);
    // Below the Settings form's least (5 s), to keep the test short. Written before the chat has
    // read the settings, which it then keeps until an admin write (app/services/site-settings.server.ts).
    await app.db.update(siteSettings).set({ chatReplyDeadlineSeconds: DEADLINE_SECONDS });
    hook = await startTestServer((request, response) => {
      if (request.path.startsWith("/redirect")) {
        return response.writeHead(302, { Location: `${internal.url}/secret` }).end();
      }
      if (request.path.startsWith("/hang")) return;
      if (request.path.startsWith("/big")) return answerJson(response, 200, { response: "y".repeat(50_000) });
      answerJson(response, 200, { response: "Pong" });
    });
    visitor = await app.signedIn();
  });
  afterAll(() => Promise.all([app?.stop(), internal?.close(), hook?.close()]));

  it("Test does not follow a 302 to an internal address: the target gets no request", async () => {
    const webhook = await createTestWebhook(app.db, { url: `${hook.url}/redirect` });
    const answer = await visitor.post("/admin/webhooks", { intent: "test", webhookId: webhook.id });
    expect(visibleText(answer.html)).toContain(productText.pattern("Status: {code}", "302"));
    expect(visibleText(answer.html)).not.toContain("internal secret");
    expect(hook.received.filter((request) => request.path === "/redirect")).toHaveLength(1);
    expect(internal.received).toEqual([]);
  });

  it("Test shows at most the first 2,000 characters of an answer", async () => {
    const webhook = await createTestWebhook(app.db, { url: `${hook.url}/big` });
    const answer = await visitor.post("/admin/webhooks", { intent: "test", webhookId: webhook.id });
    const shown = /Response: (\S*)/.exec(visibleText(answer.html))![1];
    expect(shown.length).toBeLessThanOrEqual(2001);
    expect(answer.html).toContain("y".repeat(1900));
    expect(answer.html).not.toContain("y".repeat(2001));
  });

  it("three hanging webhooks: the canned reply arrives within the one deadline", async () => {
    await app.db.delete(webhooks);
    for (const name of ["one", "two", "three"]) {
      await createTestWebhook(app.db, { url: `${hook.url}/hang/${name}`, isActive: true });
    }
    const message = unique("Anyone there");
    const started = Date.now();
    await app.visitor().post("/chat", { message });
    const seconds = (Date.now() - started) / 1000;
    console.log(`three hanging webhooks, deadline ${DEADLINE_SECONDS} s: answered in ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(DEADLINE_SECONDS + 1.5);
    expect(await replyTo(app, message)).toMatchObject({ answeredBy: "canned" });
    await app.db.delete(webhooks);
  });

  it("a hanging webhook with a 1-second time-out costs one visitor 1 s; the next skips it, and Webhooks says so", async () => {
    await app.db.delete(webhooks);
    const hanging = { name: unique("Hanging"), url: `${hook.url}/hang/breaker`, method: "POST", timeoutSeconds: "1" };
    const answering = { name: unique("Answering"), url: `${hook.url}/ok`, method: "POST" };
    for (const fields of [hanging, answering]) {
      expect((await visitor.post("/admin/webhooks/new", { ...fields, isActive: "on" })).status).toBe(302);
    }
    const timed = async () => {
      const message = unique("Hello breaker");
      const started = performance.now();
      await app.visitor().post("/chat", { message });
      return { ms: performance.now() - started, reply: await replyTo(app, message) };
    };
    const first = await timed();
    const second = await timed();
    console.log(
      `hanging webhook (time-out 1 s): first visitor ${Math.round(first.ms)} ms, second ${Math.round(second.ms)} ms`,
    );
    // Its own second, within the 2-second deadline: the next webhook still answered the first visitor.
    expect(first.reply).toMatchObject({ answeredBy: answering.name });
    expect(first.ms).toBeGreaterThanOrEqual(950);
    expect(second.reply).toMatchObject({ answeredBy: answering.name });
    expect(second.ms).toBeLessThan(900);
    expect(hook.received.filter((request) => request.path === "/hang/breaker")).toHaveLength(1);

    const [before, after] = productText("Skipped until {time}, after a time-out; then tried once again.").split(
      "{time}",
    );
    const screen = visibleText((await visitor.get("/admin/webhooks")).html);
    expect(screen).toContain(productText.pattern("{n} seconds", "1"));
    expect(screen).toMatch(new RegExp(`${escapeRegExp(before)}.+${escapeRegExp(after)}`));
    expect(screen).toContain(productText("Tried with every message."));
    await app.db.delete(webhooks);
  });

  it("header values are never in the webhook screens or their .data; left masked they are kept, new JSON replaces them", async () => {
    const secret = `n8n-credential-${Date.now()}`;
    const webhook = await createTestWebhook(app.db, {
      url: `${hook.url}/ok`,
      headers: { Authorization: `Bearer ${secret}`, "X-Api-Key": secret },
    });
    const editPath = `/admin/webhooks/${webhook.id}/edit`;
    const pages = [
      "/admin/webhooks",
      "/admin/webhooks.data",
      editPath,
      `${editPath}.data`,
      "/admin/webhooks.data?_routes=routes%2Fadmin%2Fwebhooks%2Flist",
    ];
    for (const path of pages) {
      const page = await visitor.get(path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).not.toContain(secret);
    }
    const edit = await visitor.get(editPath);
    expect(edit.html).toContain("Authorization");
    expect(edit.html).toContain("X-Api-Key");

    const form = /<textarea[^>]*name="headers"[^>]*>([\s\S]*?)<\/textarea>/.exec(edit.html)![1];
    const masked = form.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    const fields = { name: webhook.name, url: webhook.url, method: "POST", headers: masked };
    expect((await visitor.post(editPath, fields)).status).toBe(302);
    const [kept] = await app.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(kept.headers).toEqual({ Authorization: `Bearer ${secret}`, "X-Api-Key": secret });

    // One value replaced, one header dropped.
    const replaced = JSON.stringify({ Authorization: "Bearer new-token" });
    expect((await visitor.post(editPath, { ...fields, headers: replaced })).status).toBe(302);
    const [changed] = await app.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(changed.headers).toEqual({ Authorization: "Bearer new-token" });

    // A mask for a header that has no stored value is not a value.
    const bogus = JSON.stringify({ "X-Other": "••••••••" });
    expect((await visitor.post(editPath, { ...fields, headers: bogus })).status).toBe(400);
  });
});
