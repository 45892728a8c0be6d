import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type RouterContextProvider } from "react-router";

import { TOASTS } from "~/copy/admin";
import { readForm } from "~/lib/read-form.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordAudit, recordUpdate } from "~/models/audit-log.server";
import {
  createEventWebhook,
  getEventWebhook,
  rotateEventWebhookSecret,
  sendTestEvent,
  updateEventWebhook,
} from "~/models/event-webhooks.server";
import {
  errorDescription,
  errorStatus,
  notFound,
  readIntent,
  requireId,
} from "~/routes/admin/+shared/route-helpers.server";
import { failure, saveForm } from "~/routes/admin/+shared/save-form.server";
import { refusedWebhookUrl } from "~/routes/admin/+shared/webhook-url.server";
import { dataWithError, dataWithSuccess, redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import { EventWebhookEditorSchema } from "./event-webhook-editor";
import { WEBHOOKS_PATH } from "./webhook-editor";

/** A signing secret the action shows once (create, rotate): sent with the answer, never redirected. */
export type ShownSecret = { webhookId: string; name: string; secret: string };

/**
 * The action of /admin/webhooks/events/new (create) and /admin/webhooks/events/:eventWebhookId/edit
 * (`save`, or `rotate` the signing secret). Create and rotate answer with the page, the new secret
 * in it: a redirect would have to carry the secret in a URL or a cookie.
 */
export async function eventWebhookEditorAction({ request, params, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const actor = getAdmin(context);
  if (params.eventWebhookId === undefined) return createAction(context, formData, actor);

  const id = requireId(params.eventWebhookId, "eventWebhook");
  const intent = readIntent(formData, ["save", "rotate"]);
  if (intent === "rotate") {
    let rotated;
    try {
      rotated = await rotateEventWebhookSecret(id);
    } catch (error) {
      return dataWithError(
        context,
        { result: null, rotated: null },
        { message: TOASTS.eventWebhookRotateError, description: errorDescription(error) },
        { status: errorStatus(error) },
      );
    }
    if (!rotated) notFound("eventWebhook");
    await recordAudit({ actor, action: "event_webhook.secret_rotated", target: rotated.webhook.name });
    const shown: ShownSecret = { webhookId: id, name: rotated.webhook.name, secret: rotated.secret };
    return dataWithSuccess(context, { result: null, rotated: shown }, TOASTS.eventWebhookRotated);
  }

  return saveForm(context, formData, {
    schema: EventWebhookEditorSchema,
    record: "eventWebhook",
    extra: { rotated: null },
    async save(value) {
      const refused = await refusedWebhookUrl(value.url, {
        message: TOASTS.eventWebhook.updateError,
        description: TOASTS.eventWebhookFailed("update", TOASTS.privateUrlReason),
      });
      if (refused) return refused;
      const before = await getEventWebhook(id);
      if (!before || !(await updateEventWebhook(id, value))) return null;
      await recordUpdate({ actor, action: "event_webhook.updated", target: value.name }, before, value);
      return { redirectTo: WEBHOOKS_PATH, toast: TOASTS.eventWebhook.updated };
    },
    failed: (error) => failure(error, TOASTS.eventWebhook.updateError, TOASTS.eventWebhookFailed("update")),
  });
}

async function createAction(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  actor: ReturnType<typeof getAdmin>,
) {
  const submission = parseWithZod(formData, { schema: EventWebhookEditorSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
  const refused = await refusedWebhookUrl(submission.value.url, {
    message: TOASTS.eventWebhook.createError,
    description: TOASTS.eventWebhookFailed("create", TOASTS.privateUrlReason),
  });
  if (refused) {
    const { status, toast, fieldErrors } = refused;
    return dataWithError(context, { result: submission.reply({ fieldErrors }), created: null }, toast, { status });
  }
  let created;
  try {
    created = await createEventWebhook(submission.value);
  } catch (error) {
    const refused = failure(error, TOASTS.eventWebhook.createError, TOASTS.eventWebhookFailed("create"));
    return dataWithError(context, { result: submission.reply(), created: null }, refused.toast, {
      status: refused.status,
    });
  }
  await recordAudit({ actor, action: "event_webhook.created", target: created.webhook.name });
  const shown: ShownSecret = { webhookId: created.webhook.id, name: created.webhook.name, secret: created.secret };
  return dataWithSuccess(context, { result: null, created: shown }, TOASTS.eventWebhook.created);
}

/** Send test event, from the Webhooks list or a delivery log; back to `back` with the toast. */
export async function testEventAction(id: string, back: string) {
  let sent;
  try {
    sent = await sendTestEvent(id);
  } catch (error) {
    return redirectWithError(back, { message: TOASTS.testEventError, description: errorDescription(error) });
  }
  if (!sent) notFound("eventWebhook");
  return redirectWithSuccess(back, TOASTS.testEventQueued);
}

/** The event webhook a list or log form names in `eventWebhookId`. */
export function readEventWebhookId(formData: FormData): string {
  return requireId(formData.get("eventWebhookId"), "eventWebhook");
}
