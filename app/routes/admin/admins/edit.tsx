import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { RouteDialog } from "~/components/admin/route-dialog";
import { ADMIN_USERS_TEXTS } from "~/copy/admin";
import { requireSuperAdmin } from "~/services/auth.server";
import { getAdminUser } from "~/models/admin-users.server";
import { notFound, requireId } from "~/routes/admin/+shared/route-helpers.server";
import { ADMINS_PATH, AdminEditor } from "./+shared/admin-editor";
import { adminEditorAction } from "./+shared/admin-editor.server";
import type { Route } from "./+types/edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSuperAdmin(request);
  const admin = await getAdminUser(requireId(params.adminId, "admin user"));
  if (!admin) notFound("admin user");
  return {
    admin: { id: admin.id, username: admin.username, email: admin.email, role: admin.role, isActive: admin.isActive },
  };
}

export function action({ request, params }: Route.ActionArgs) {
  return adminEditorAction({ request, params });
}

export default function EditAdminUser({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={ADMIN_USERS_TEXTS.editTitle} backTo={ADMINS_PATH}>
      <AdminEditor key={loaderData.admin.id} admin={loaderData.admin} lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: `${ADMIN_USERS_TEXTS.editTitle} | Admin Panel` }];
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
