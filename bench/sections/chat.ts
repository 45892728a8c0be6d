import { AdminBrowser } from "../lib/admin";
import type { AppProcess } from "../lib/app-process";
import { BROWSER_HEADERS } from "../lib/http";
import type { BenchOptions } from "../lib/options";
import { percentile } from "../lib/stats";
import { startWebhookServer, WEBHOOK_REPLY } from "../lib/webhook-server";

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
}

const WARM_UP_MESSAGES = 20;

/**
 * Chat messages answered by a webhook on 127.0.0.1, one after the other as one visitor sends them.
 * The webhook is set up the way an admin does it (signed in, the webhook form); the messages are
 * posted as the widget posts them: multipart to /chat/messages, in one conversation (its cookie
 * kept from the first answer), reading the streamed answer to its end. The app runs with
 * CHAT_MESSAGES_PER_MINUTE raised.
 */
export async function benchChat(app: AppProcess, options: BenchOptions): Promise<ChatFigures> {
  const webhook = await startWebhookServer();
  try {
    const admin = new AdminBrowser(app.baseUrl);
    await admin.signIn(app.admin.username, app.admin.password);
    await admin.addChatWebhook("Bench webhook", webhook.url);

    let conversation: string | undefined;
    let sent = 0;
    const send = async () => {
      const message = `Bench message ${++sent}`;
      const form = new FormData();
      form.set("message", message);
      const startedAt = performance.now();
      const response = await fetch(`${app.baseUrl}/chat/messages`, {
        method: "POST",
        headers: {
          ...BROWSER_HEADERS,
          Accept: "*/*",
          Origin: app.baseUrl,
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

    for (let i = 0; i < WARM_UP_MESSAGES; i++) await send();
    const timings: Array<{ clientMs: number; webhookMs: number }> = [];
    let failures = 0;
    const deadline = performance.now() + options.seconds * 1000;
    while (performance.now() < deadline) {
      const timing = await send();
      if (timing) timings.push(timing);
      else failures++;
    }
    if (timings.length === 0) throw new Error("No chat message was answered by the bench's webhook.");
    const client = timings.map((t) => t.clientMs);
    const server = timings.map((t) => t.clientMs - t.webhookMs);
    return {
      messages: timings.length + failures,
      failures,
      clientP50Ms: percentile(client, 50),
      clientP99Ms: percentile(client, 99),
      webhookP50Ms: percentile(
        timings.map((t) => t.webhookMs),
        50,
      ),
      serverP50Ms: percentile(server, 50),
      serverP99Ms: percentile(server, 99),
    };
  } finally {
    await webhook.close();
  }
}
