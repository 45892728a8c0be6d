import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle, EVENT_WEBHOOK_TEXTS } from "~/copy/admin";

import { EventWebhookEditor, SecretOnce } from "./+shared/event-webhook-editor";
import { eventWebhookEditorAction } from "./+shared/event-webhook-editor.server";
import { WEBHOOKS_PATH } from "./+shared/webhook-editor";
import type { Route } from "./+types/event-new";

// A loader, so that opening the form asks the server: the guard sees an expired session at once.
export function loader() {
  return null;
}

export function action(args: Route.ActionArgs) {
  return eventWebhookEditorAction(args);
}

export default function NewEventWebhook({ actionData }: Route.ComponentProps) {
  const created = actionData && "created" in actionData ? actionData.created : null;
  return (
    <RouteDialog title={EVENT_WEBHOOK_TEXTS.createTitle} backTo={WEBHOOKS_PATH}>
      {created ? (
        <SecretOnce secret={created.secret} rotated={false} />
      ) : (
        <EventWebhookEditor lastResult={actionData?.result} />
      )}
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(EVENT_WEBHOOK_TEXTS.createTitle) }];
}
