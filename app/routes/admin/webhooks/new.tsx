import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle, WEBHOOK_TEXTS } from "~/copy/admin";

import { WebhookEditor, WEBHOOKS_PATH } from "./+shared/webhook-editor";
import { webhookEditorAction } from "./+shared/webhook-editor.server";
import type { Route } from "./+types/new";

// A loader, so that opening the form asks the server: the guard sees an expired session at once.
export function loader() {
  return null;
}

export function action(args: Route.ActionArgs) {
  return webhookEditorAction(args);
}

export default function NewWebhook({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={WEBHOOK_TEXTS.createTitle} backTo={WEBHOOKS_PATH}>
      <WebhookEditor lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(WEBHOOK_TEXTS.createTitle) }];
}
