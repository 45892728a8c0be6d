import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { RouteDialog } from "~/components/admin/route-dialog";
import { SERVICE_TEXTS } from "~/copy/admin";
import { requireAdmin } from "~/services/auth.server";
import { SERVICES_PATH, ServiceEditor } from "./+shared/service-editor";
import { serviceEditorAction } from "./+shared/service-editor.server";
import type { Route } from "./+types/new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export function action({ request, params }: Route.ActionArgs) {
  return serviceEditorAction({ request, params });
}

export default function NewService({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={SERVICE_TEXTS.createTitle} backTo={SERVICES_PATH}>
      <ServiceEditor lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: `${SERVICE_TEXTS.createTitle} | Admin Panel` }];
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
