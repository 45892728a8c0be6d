import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { RouteDialog } from "~/components/admin/route-dialog";
import { WEBHOOK_TEXTS } from "~/copy/admin";
import { requireAdmin } from "~/services/auth.server";
import { WEBHOOKS_PATH, WebhookEditor } from "./+shared/webhook-editor";
import { webhookEditorAction } from "./+shared/webhook-editor.server";
import type { Route } from "./+types/new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export function action({ request, params }: Route.ActionArgs) {
  return webhookEditorAction({ request, params });
}

export default function NewWebhook({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={WEBHOOK_TEXTS.createTitle} backTo={WEBHOOKS_PATH}>
      <WebhookEditor lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: `${WEBHOOK_TEXTS.createTitle} | Admin Panel` }];
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
