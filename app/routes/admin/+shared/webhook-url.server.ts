import { WEBHOOK_TEXTS } from "~/copy/admin";
import type { ToastText } from "~/services/toast.server";
import { refusedWebhookHost } from "~/services/webhooks.server";

import type { Refused } from "./save-form.server";

/**
 * The form refused, with the reason beside `field`, when its URL can never be reached: saved, it
 * would be shown as Active while every message or event to it is refused (app/services/webhooks.server.ts).
 */
export async function refusedWebhookUrl(
  url: string | null | undefined,
  toast: ToastText,
  field = "url",
): Promise<Refused | null> {
  const host = url ? await refusedWebhookHost(url) : null;
  if (!host) return null;
  return { status: 400, toast, fieldErrors: { [field]: [WEBHOOK_TEXTS.privateUrl(host)] } };
}
