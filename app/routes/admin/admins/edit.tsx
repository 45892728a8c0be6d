import { RouteDialog } from "~/components/admin/route-dialog";
import { ADMIN_USERS_TEXTS, adminTitle } from "~/copy/admin";
import { requireSuperAdmin } from "~/middleware/admin-guard.server";
import { getAdminUser } from "~/models/admin-users.server";
import { notFound, requireId } from "~/routes/admin/+shared/route-helpers.server";

import { AdminEditor, ADMINS_PATH } from "./+shared/admin-editor";
import { adminEditorAction } from "./+shared/admin-editor.server";
import type { Route } from "./+types/edit";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireSuperAdmin(context);
  const admin = await getAdminUser(requireId(params.adminId, "adminUser"));
  if (!admin) notFound("adminUser");
  return {
    admin: {
      id: admin.id,
      username: admin.username,
      email: admin.email,
      role: admin.role,
      isActive: admin.isActive,
      displayName: admin.displayName,
    },
  };
}

export function action(args: Route.ActionArgs) {
  return adminEditorAction(args);
}

export default function EditAdminUser({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={ADMIN_USERS_TEXTS.editTitle} backTo={ADMINS_PATH}>
      <AdminEditor key={loaderData.admin.id} admin={loaderData.admin} lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(ADMIN_USERS_TEXTS.editTitle) }];
}
