import type { ActionFunctionArgs } from "react-router";

import { TOASTS, WEBHOOK_TEXTS } from "~/copy/admin";
import { readForm } from "~/lib/read-form.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordAudit, recordUpdate } from "~/models/audit-log.server";
import { createWebhook, getWebhook, updateWebhook } from "~/models/webhooks.server";
import { optionalId } from "~/routes/admin/+shared/route-helpers.server";
import { failure, saveForm } from "~/routes/admin/+shared/save-form.server";
import { refusedWebhookUrl } from "~/routes/admin/+shared/webhook-url.server";

import { parseHeaders, WebhookEditorSchema, WEBHOOKS_PATH } from "./webhook-editor";

/** The action of /admin/webhooks/new and /admin/webhooks/:webhookId/edit. */
export async function webhookEditorAction({ request, params, context }: ActionFunctionArgs) {
  const webhookId = optionalId(params.webhookId, "webhook");
  return saveForm(context, await readForm(request), {
    schema: WebhookEditorSchema,
    record: "webhook",
    async save(value) {
      // The edit form shows stored header values masked; a mask left in place keeps the value.
      const stored = webhookId ? await getWebhook(webhookId) : null;
      if (webhookId && !stored) return null;
      const headers = parseHeaders(value.headers, stored?.headers);
      if (!headers) {
        // The spec: a toast, and nothing saved.
        const fieldErrors = { headers: [WEBHOOK_TEXTS.invalidHeaders] };
        return { status: 400, toast: TOASTS.webhookInvalidHeaders, fieldErrors };
      }
      const refused = await refusedWebhookUrl(value.url, {
        message: webhookId ? TOASTS.webhook.updateError : TOASTS.webhook.createError,
        description: TOASTS.webhookFailed(webhookId ? "update" : "create", TOASTS.privateUrlReason),
      });
      if (refused) return refused;
      const input = { ...value, headers };
      const actor = getAdmin(context);
      if (!webhookId) {
        await createWebhook(input);
        await recordAudit({ actor, action: "webhook.created", target: input.name });
        return { redirectTo: WEBHOOKS_PATH, toast: TOASTS.webhook.created };
      }
      if (!(await updateWebhook(webhookId, input))) return null;
      // Header values hold credentials: "headers" is named as changed, its contents never.
      await recordUpdate({ actor, action: "webhook.updated", target: input.name }, stored, input);
      return { redirectTo: WEBHOOKS_PATH, toast: TOASTS.webhook.updated };
    },
    failed: (error) =>
      webhookId
        ? failure(error, TOASTS.webhook.updateError, TOASTS.webhookFailed("update"))
        : failure(error, TOASTS.webhook.createError, TOASTS.webhookFailed("create")),
  });
}
