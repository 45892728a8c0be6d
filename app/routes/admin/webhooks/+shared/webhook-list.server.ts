import type { RouterContextProvider } from "react-router";

import { TOASTS, WEBHOOK_TEXTS } from "~/copy/admin";
import type { AuditAction } from "~/lib/audit";
import type { WebhookPayloadFormat } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { readForm } from "~/lib/read-form.server";
import { siteOrigin } from "~/lib/site-url.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordAudit } from "~/models/audit-log.server";
import { deleteEventWebhook, getEventWebhook } from "~/models/event-webhooks.server";
import { deleteWebhook, getWebhook, moveWebhook } from "~/models/webhooks.server";
import { errorDescription, notFound, readIntent, requireId } from "~/routes/admin/+shared/route-helpers.server";
import { type Reply, REPLY_FIELDS, ReplyReader } from "~/services/chat/reply.server";
import { dataWithError, dataWithSuccess, redirectWithError, redirectWithSuccess } from "~/services/toast.server";
import { chatTriggerBody, sendWebhook, testPayload, WebhookError } from "~/services/webhooks.server";

import { readEventWebhookId, testEventAction } from "./event-webhook-editor.server";
import { WEBHOOKS_PATH } from "./webhook-editor";

type Context = Readonly<RouterContextProvider>;

// What the Test result shows of an answer: enough to see what the webhook said, not a page of it.
const TEST_RESULT_MAX_CHARS = 2000;

export type TestResult = { webhookName: string } & (
  | { status: number; body: string; ms: number; reply: Reply | null; replyFields: readonly string[] }
  | { error: string; detail: string }
);

/**
 * The action of /admin/webhooks: each chat webhook row's buttons (`move-up`, `move-down`, `test`,
 * `delete`) and each event webhook row's (`event-test`, `event-delete`).
 */
export async function webhookListAction({ request, context }: { request: Request; context: Context }) {
  const formData = await readForm(request);
  const intent = readIntent(formData, ["delete", "test", "move-up", "move-down", "event-test", "event-delete"]);
  if (intent === "event-test") return testEventAction(readEventWebhookId(formData), WEBHOOKS_PATH);
  if (intent === "event-delete") return deleteAction(context, EVENT_WEBHOOK, readEventWebhookId(formData));
  const webhookId = requireId(formData.get("webhookId"), "webhook");
  if (intent === "move-up") return moveAction(context, webhookId, "up");
  if (intent === "move-down") return moveAction(context, webhookId, "down");
  if (intent === "test") return testAction(context, webhookId);
  return deleteAction(context, CHAT_WEBHOOK, webhookId);
}

async function moveAction(context: Context, webhookId: string, direction: "up" | "down") {
  const webhook = await getWebhook(webhookId);
  if (!webhook) notFound("webhook");
  if (!(await moveWebhook(webhookId, direction))) {
    return redirectWithError(WEBHOOKS_PATH, TOASTS.webhookNotMoved(direction));
  }
  await recordAudit({
    actor: getAdmin(context),
    action: "webhook.moved",
    target: webhook.name,
    details: { direction },
  });
  return redirectWithSuccess(WEBHOOKS_PATH, TOASTS.webhookMoved);
}

async function testAction(context: Context, webhookId: string) {
  const webhook = await getWebhook(webhookId);
  if (!webhook) notFound("webhook");
  // Tested whether active or not: a webhook can be tried before it receives chat messages.
  const replyFields = REPLY_FIELDS[webhook.payloadFormat];
  const reader = new ReplyReader(replyFields);
  const started = performance.now();
  try {
    const answer = await sendWebhook(webhook, await testBody(webhook.payloadFormat), {
      timeoutMs: getEnv().WEBHOOK_TEST_TIMEOUT_SECONDS * 1000,
      origin: siteOrigin() ?? undefined,
      accept: webhook.payloadFormat === "n8n-chat-trigger" ? "text/plain" : undefined,
      onChunk: (chunk) => reader.push(chunk),
    });
    const testResult: TestResult = {
      webhookName: webhook.name,
      status: answer.status,
      body: shownBody(answer.body),
      ms: Math.round(performance.now() - started),
      reply: answer.ok ? shownReply(reader.finish()) : null,
      replyFields,
    };
    return dataWithSuccess(context, { testResult }, TOASTS.webhookTested);
  } catch (error) {
    // An owner reads what went wrong in words; the code and text under it are for whoever runs the endpoint.
    const [failure, detail] =
      error instanceof WebhookError ? [error.failure, error.message] : (["other", errorDescription(error)] as const);
    const sentence = WEBHOOK_TEXTS.failure[failure];
    const testResult: TestResult = { webhookName: webhook.name, error: sentence, detail };
    return dataWithError(context, { testResult }, TOASTS.webhookTestFailed);
  }
}

/** The test message in the webhook's own payload format, as the chat would send it. */
function testBody(format: WebhookPayloadFormat) {
  const payload = testPayload();
  if (format === "website") return payload;
  return chatTriggerBody({
    sessionId: payload.session_id,
    message: payload.message,
    metadata: { page: WEBHOOKS_PATH },
  });
}

function shownBody(body: string): string {
  return body.length > TEST_RESULT_MAX_CHARS ? `${body.slice(0, TEST_RESULT_MAX_CHARS)}…` : body;
}

function shownReply(reply: Reply): Reply {
  return { ...reply, text: shownBody(reply.text) };
}

/** What deleting differs in between the two kinds of webhook on the list. */
type WebhookKind = {
  get: (id: string) => Promise<{ name: string } | null>;
  remove: (id: string) => Promise<boolean>;
  toasts: { deleted: { message: string }; deleteError: string };
  failed: (action: "delete", reason?: string) => string;
  audit: AuditAction;
};

const CHAT_WEBHOOK: WebhookKind = {
  get: getWebhook,
  remove: deleteWebhook,
  toasts: TOASTS.webhook,
  failed: TOASTS.webhookFailed,
  audit: "webhook.deleted",
};

const EVENT_WEBHOOK: WebhookKind = {
  get: getEventWebhook,
  remove: deleteEventWebhook,
  toasts: TOASTS.eventWebhook,
  failed: TOASTS.eventWebhookFailed,
  audit: "event_webhook.deleted",
};

async function deleteAction(context: Context, kind: WebhookKind, id: string) {
  let deleted;
  try {
    deleted = await kind.get(id);
    if (!deleted || !(await kind.remove(id))) {
      return redirectWithError(WEBHOOKS_PATH, {
        message: kind.toasts.deleteError,
        description: kind.failed("delete", "it no longer exists."),
      });
    }
  } catch (error) {
    return redirectWithError(WEBHOOKS_PATH, {
      message: kind.toasts.deleteError,
      description: errorDescription(error, kind.failed("delete")),
    });
  }
  await recordAudit({ actor: getAdmin(context), action: kind.audit, target: deleted.name });
  return redirectWithSuccess(WEBHOOKS_PATH, kind.toasts.deleted);
}
