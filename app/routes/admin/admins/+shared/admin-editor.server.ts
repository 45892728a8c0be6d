import type { ActionFunctionArgs } from "react-router";

import { TOASTS } from "~/copy/admin";
import { log } from "~/lib/log.server";
import { readForm } from "~/lib/read-form.server";
import { requireSuperAdmin } from "~/middleware/admin-guard.server";
import { createAdminUser, getAdminUser, updateAdminUserAs, UsernameTakenError } from "~/models/admin-users.server";
import { recordAudit, recordUpdate } from "~/models/audit-log.server";
import { optionalId } from "~/routes/admin/+shared/route-helpers.server";
import { failure, saveForm } from "~/routes/admin/+shared/save-form.server";

import { adminEditorSchema, ADMINS_PATH } from "./admin-editor";

/** The action of /admin/admins/new and /admin/admins/:adminId/edit (super admins only). */
export async function adminEditorAction({ request, params, context }: ActionFunctionArgs) {
  const actor = requireSuperAdmin(context);
  const adminId = optionalId(params.adminId, "adminUser");
  return saveForm(context, await readForm(request), {
    schema: adminEditorSchema(adminId ? "edit" : "create"),
    hideFields: ["password"],
    record: "adminUser",
    async save(value) {
      const { password, ...fields } = value as typeof value & { password?: string };
      if (!adminId) {
        const created = await createAdminUser({ ...fields, password: password! });
        log.info("admin user created", { by: actor.id, adminId: created.id, role: created.role });
        await recordAudit({
          actor,
          action: "admin.created",
          target: created.username,
          details: { role: created.role },
        });
        return { redirectTo: ADMINS_PATH, toast: TOASTS.admin.created };
      }
      const before = await getAdminUser(adminId);
      if (!before || !(await updateAdminUserAs(actor.id, adminId, fields))) return null;
      log.info("admin user updated", { by: actor.id, adminId, role: fields.role, isActive: fields.isActive });
      await recordUpdate({ actor, action: "admin.updated", target: fields.username }, before, fields);
      // An admin who gave up their own super admin role can no longer open this screen.
      const back = adminId === actor.id && fields.role !== "super_admin" ? "/admin" : ADMINS_PATH;
      return { redirectTo: back, toast: TOASTS.admin.updated };
    },
    failed(error) {
      const refused = adminId
        ? failure(error, TOASTS.admin.updateError)
        : failure(error, TOASTS.admin.createError, TOASTS.admin.createFallback);
      // A taken username is the username field's error; anything else is the form's.
      if (error instanceof UsernameTakenError)
        return { ...refused, status: 409, fieldErrors: { username: [error.message] } };
      return { ...refused, formErrors: [refused.toast.description] };
    },
  });
}
