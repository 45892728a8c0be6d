import { AdminBrowser } from "../lib/admin";
import type { AppProcess } from "../lib/app-process";
import { startChatBaseline } from "../lib/chat-baseline";
import { BROWSER_HEADERS } from "../lib/http";
import type { BenchOptions } from "../lib/options";
import { percentile } from "../lib/stats";
import { startWebhookServer, WEBHOOK_REPLY, type WebhookServer } from "../lib/webhook-server";

export interface ChatFigures {
  messages: number;
  /** Messages whose answer was not the webhook's reply, or the webhook never saw. */
  failures: number;
  clientP50Ms: number;
  clientP99Ms: number;
  webhookP50Ms: number;
  /** Per message: the visitor's wait minus the webhook's own handling time. */
  serverP50Ms: number;
  serverP99Ms: number;
  /**
   * The same, through a bare node:http relay of the same message to the same webhook, messages
   * taking turns with the app's: the runtime's floor (bench/lib/chat-baseline.ts).
   */
  bareNodeP50Ms: number;
}

// As the pages' load warms up for a second: a server that has answered a few hundred messages has
// compiled its hot paths; the first ones take half as long again.
const WARM_UP_SECONDS = 2;

/**
 * Chat messages answered by a webhook on 127.0.0.1, one after the other as one visitor sends them.
 * The webhook is set up the way an admin does it (signed in, the webhook form); the messages are
 * posted as the widget posts them: multipart to /chat/messages, in one conversation (its cookie
 * kept from the first answer), reading the streamed answer to its end. The app runs with
 * CHAT_MESSAGES_PER_MINUTE raised. A bare Node relay gets the same messages in turn.
 */
export async function benchChat(app: AppProcess, options: BenchOptions): Promise<ChatFigures> {
  const webhook = await startWebhookServer();
  const baseline = await startChatBaseline(webhook.url);
  try {
    const admin = new AdminBrowser(app.baseUrl);
    await admin.signIn(app.admin.username, app.admin.password);
    await admin.addChatWebhook("Bench webhook", webhook.url);

    const sendToApp = sender(app.baseUrl, "Bench message", webhook);
    const sendToBaseline = sender(baseline.baseUrl, "Baseline message", webhook);
    const warm = performance.now() + WARM_UP_SECONDS * 1000;
    while (performance.now() < warm) {
      await sendToApp();
      await sendToBaseline();
    }
    // One message each in turn, so that the machine's other load hits both alike.
    const timings: Timing[] = [];
    const baselineTimings: Timing[] = [];
    let failures = 0;
    const deadline = performance.now() + options.seconds * 1000;
    while (performance.now() < deadline) {
      const timing = await sendToApp();
      if (timing) timings.push(timing);
      else failures++;
      const floor = await sendToBaseline();
      if (floor) baselineTimings.push(floor);
    }
    if (timings.length === 0) throw new Error("No chat message was answered by the bench's webhook.");
    if (baselineTimings.length === 0) throw new Error("The bare Node relay answered no chat message.");
    const ownTime = (list: Timing[]) => list.map((t) => t.clientMs - t.webhookMs);
    const client = timings.map((t) => t.clientMs);
    return {
      messages: timings.length + failures,
      failures,
      clientP50Ms: percentile(client, 50),
      clientP99Ms: percentile(client, 99),
      webhookP50Ms: percentile(
        timings.map((t) => t.webhookMs),
        50,
      ),
      serverP50Ms: percentile(ownTime(timings), 50),
      serverP99Ms: percentile(ownTime(timings), 99),
      bareNodeP50Ms: percentile(ownTime(baselineTimings), 50),
    };
  } finally {
    await baseline.close();
    await webhook.close();
  }
}

interface Timing {
  clientMs: number;
  webhookMs: number;
}

/**
 * Posts messages to `baseUrl` as the widget posts them: multipart to /chat/messages, in one
 * conversation (its cookie kept from the first answer), reading the streamed answer to its end.
 * Null for a message the webhook did not answer.
 */
function sender(baseUrl: string, prefix: string, webhook: WebhookServer): () => Promise<Timing | null> {
  let conversation: string | undefined;
  let sent = 0;
  return async () => {
    const message = `${prefix} ${++sent}`;
    const form = new FormData();
    form.set("message", message);
    const startedAt = performance.now();
    const response = await fetch(`${baseUrl}/chat/messages`, {
      method: "POST",
      headers: {
        ...BROWSER_HEADERS,
        Accept: "*/*",
        Origin: baseUrl,
        ...(conversation ? { Cookie: conversation } : {}),
      },
      body: form,
    });
    const text = await response.text();
    conversation = response.headers.get("Set-Cookie")?.split(";")[0] ?? conversation;
    const clientMs = performance.now() - startedAt;
    const webhookMs = webhook.handlingMs.get(message);
    const answered = response.status === 200 && text.includes(WEBHOOK_REPLY) && webhookMs !== undefined;
    return answered ? { clientMs, webhookMs } : null;
  };
}
