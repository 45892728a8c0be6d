import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { RouteDialog } from "~/components/admin/route-dialog";
import { ADMIN_USERS_TEXTS } from "~/copy/admin";
import { requireSuperAdmin } from "~/services/auth.server";
import { ADMINS_PATH, AdminEditor } from "./+shared/admin-editor";
import { adminEditorAction } from "./+shared/admin-editor.server";
import type { Route } from "./+types/new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSuperAdmin(request);
  return null;
}

export function action({ request, params }: Route.ActionArgs) {
  return adminEditorAction({ request, params });
}

export default function NewAdminUser({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={ADMIN_USERS_TEXTS.createTitle} backTo={ADMINS_PATH}>
      <AdminEditor lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: `${ADMIN_USERS_TEXTS.createTitle} | Admin Panel` }];
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
