import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle, WEBHOOK_TEXTS } from "~/copy/admin";
import { getWebhook, withoutHeaderValues } from "~/models/webhooks.server";
import { notFound, requireId } from "~/routes/admin/+shared/route-helpers.server";

import { WebhookEditor, WEBHOOKS_PATH } from "./+shared/webhook-editor";
import { webhookEditorAction } from "./+shared/webhook-editor.server";
import type { Route } from "./+types/edit";

export async function loader({ params }: Route.LoaderArgs) {
  const webhook = await getWebhook(requireId(params.webhookId, "webhook"));
  if (!webhook) notFound("webhook");
  return { webhook: withoutHeaderValues(webhook) };
}

export function action(args: Route.ActionArgs) {
  return webhookEditorAction(args);
}

export default function EditWebhook({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={WEBHOOK_TEXTS.editTitle} backTo={WEBHOOKS_PATH}>
      <WebhookEditor key={loaderData.webhook.id} webhook={loaderData.webhook} lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(WEBHOOK_TEXTS.editTitle) }];
}
