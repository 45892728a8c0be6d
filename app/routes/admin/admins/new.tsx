import { RouteDialog } from "~/components/admin/route-dialog";
import { ADMIN_USERS_TEXTS, adminTitle } from "~/copy/admin";
import { requireSuperAdmin } from "~/middleware/admin-guard.server";

import { AdminEditor, ADMINS_PATH } from "./+shared/admin-editor";
import { adminEditorAction } from "./+shared/admin-editor.server";
import type { Route } from "./+types/new";

export function loader({ context }: Route.LoaderArgs) {
  requireSuperAdmin(context);
  return null;
}

export function action(args: Route.ActionArgs) {
  return adminEditorAction(args);
}

export default function NewAdminUser({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={ADMIN_USERS_TEXTS.createTitle} backTo={ADMINS_PATH}>
      <AdminEditor lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(ADMIN_USERS_TEXTS.createTitle) }];
}
