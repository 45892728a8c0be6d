import { TEST_EVENT_TYPE } from "~/lib/domain";
import { eventBody } from "~/lib/event-body";
import { openSecret } from "~/lib/secret-box.server";
import { signedHeaders } from "~/lib/standard-webhooks.server";
import { sendWebhook, WebhookBody } from "~/services/webhooks.server";

import type { DeliveryHandler } from "./handler";

/**
 * A signed POST through the chat's guarded client (public addresses only unless
 * ALLOW_PRIVATE_WEBHOOK_URLS, answers capped, a deadline). A switched-off endpoint gets nothing,
 * except its test event.
 */
export const deliverToEventWebhook: DeliveryHandler = async (delivery, { now, timeoutMs }) => {
  const webhook = delivery.webhook;
  if (!webhook || (!webhook.isActive && delivery.event.type !== TEST_EVENT_TYPE)) {
    return { ok: false, statusCode: null, response: null, cancelled: true };
  }
  const secrets = [openSecret(webhook.secret)];
  if (webhook.previousSecret && webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > now) {
    secrets.push(openSecret(webhook.previousSecret));
  }
  const body = eventBody(delivery.event);
  const headers = signedHeaders(secrets, delivery.id, Math.floor(now.getTime() / 1000), body);
  const response = await sendWebhook(
    { url: webhook.url, method: "POST", headers },
    new WebhookBody(Buffer.from(body), "application/json"),
    { timeoutMs },
  );
  return { ok: response.ok, statusCode: response.status, response: response.body, gone: response.status === 410 };
};
