import type { ActionFunctionArgs } from "react-router";
import { TOASTS } from "~/copy/admin";
import { createWebhook, updateWebhook } from "~/models/webhooks.server";
import { requireId } from "~/routes/admin/+shared/route-helpers.server";
import { failure, saveForm } from "~/routes/admin/+shared/save-form.server";
import { parseHeaders, WEBHOOK_EDITOR_INVALID_HEADERS, WEBHOOKS_PATH, WebhookEditorSchema } from "./webhook-editor";

/** The action of /admin/webhooks/new and /admin/webhooks/:webhookId/edit. */
export async function webhookEditorAction({ request, params, context }: ActionFunctionArgs) {
  const webhookId = params.webhookId === undefined ? undefined : requireId(params.webhookId, "webhook");
  return saveForm(context, await request.formData(), {
    schema: WebhookEditorSchema,
    record: "webhook",
    async save(value) {
      const headers = parseHeaders(value.headers);
      if (!headers) {
        // The spec: a toast, and nothing saved.
        const fieldErrors = { headers: [WEBHOOK_EDITOR_INVALID_HEADERS] };
        return { status: 400, toast: TOASTS.webhookInvalidHeaders, fieldErrors };
      }
      const input = { ...value, headers };
      if (!webhookId) {
        await createWebhook(input);
        return { redirectTo: WEBHOOKS_PATH, toast: TOASTS.webhook.created };
      }
      if (!(await updateWebhook(webhookId, input))) return null;
      return { redirectTo: WEBHOOKS_PATH, toast: TOASTS.webhook.updated };
    },
    failed: (error) =>
      webhookId
        ? failure(error, TOASTS.webhook.updateError, TOASTS.webhookFailed("update"))
        : failure(error, TOASTS.webhook.createError, TOASTS.webhookFailed("create")),
  });
}
