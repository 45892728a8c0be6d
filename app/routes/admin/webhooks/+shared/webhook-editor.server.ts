import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "react-router";
import { TOASTS } from "~/copy/admin";
import { requireAdmin } from "~/services/auth.server";
import { redirectWithSuccess, dataWithError } from "~/services/toast.server";
import { createWebhook, updateWebhook } from "~/models/webhooks.server";
import {
  errorDescription,
  errorStatus,
  isThrownResponse,
  notFound,
  requireId,
} from "~/routes/admin/+shared/route-helpers.server";
import { parseHeaders, WEBHOOK_EDITOR_INVALID_HEADERS, WEBHOOKS_PATH, WebhookEditorSchema } from "./webhook-editor";

/** The action of /admin/webhooks/new and /admin/webhooks/:webhookId/edit. */
export async function webhookEditorAction({ request, params }: Pick<ActionFunctionArgs, "request" | "params">) {
  await requireAdmin(request);
  const webhookId = params.webhookId === undefined ? undefined : requireId(params.webhookId, "webhook");
  const submission = parseWithZod(await request.formData(), { schema: WebhookEditorSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const headers = parseHeaders(submission.value.headers);
  if (!headers) {
    // The spec: a toast, and nothing saved.
    return dataWithError(
      { result: submission.reply({ fieldErrors: { headers: [WEBHOOK_EDITOR_INVALID_HEADERS] } }) },
      TOASTS.webhookInvalidHeaders,
      { status: 400 },
    );
  }
  const input = { ...submission.value, headers };
  try {
    if (webhookId) {
      if (!(await updateWebhook(webhookId, input))) notFound("webhook");
      return redirectWithSuccess(WEBHOOKS_PATH, TOASTS.webhookUpdated);
    }
    await createWebhook(input);
    return redirectWithSuccess(WEBHOOKS_PATH, TOASTS.webhookCreated);
  } catch (error) {
    if (isThrownResponse(error)) throw error;
    return dataWithError(
      { result: submission.reply() },
      {
        message: webhookId ? TOASTS.webhookUpdateError : TOASTS.webhookCreateError,
        description: errorDescription(error, TOASTS.webhookFailed(webhookId ? "update" : "create")),
      },
      { status: errorStatus(error) },
    );
  }
}
