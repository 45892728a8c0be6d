import { formatDateTime } from "~/components/admin/format";
import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle, EVENT_WEBHOOK_TEXTS } from "~/copy/admin";
import { getEventWebhook } from "~/models/event-webhooks.server";
import { getSiteSettings, siteTimeZone } from "~/models/site-settings.server";
import { notFound, requireId } from "~/routes/admin/+shared/route-helpers.server";

import { EventWebhookEditor, RotateSecretForm, SecretOnce } from "./+shared/event-webhook-editor";
import { eventWebhookEditorAction } from "./+shared/event-webhook-editor.server";
import { WEBHOOKS_PATH } from "./+shared/webhook-editor";
import type { Route } from "./+types/event-edit";

export async function loader({ params }: Route.LoaderArgs) {
  const [webhook, settings] = await Promise.all([
    getEventWebhook(requireId(params.eventWebhookId, "eventWebhook")),
    getSiteSettings(),
  ]);
  if (!webhook) notFound("eventWebhook");
  const expires = webhook.previousSecretExpiresAt;
  return {
    webhook,
    previousValidUntil: expires && expires > new Date() ? formatDateTime(expires, siteTimeZone(settings)) : null,
  };
}

export function action(args: Route.ActionArgs) {
  return eventWebhookEditorAction(args);
}

export default function EditEventWebhook({ loaderData, actionData }: Route.ComponentProps) {
  const { webhook, previousValidUntil } = loaderData;
  const rotated = actionData && "rotated" in actionData ? actionData.rotated : null;
  return (
    <RouteDialog title={EVENT_WEBHOOK_TEXTS.editTitle} backTo={WEBHOOKS_PATH}>
      {rotated ? (
        <SecretOnce secret={rotated.secret} rotated />
      ) : (
        <>
          <EventWebhookEditor key={webhook.id} webhook={webhook} lastResult={actionData?.result} />
          <RotateSecretForm previousValidUntil={previousValidUntil} />
        </>
      )}
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(EVENT_WEBHOOK_TEXTS.editTitle) }];
}
