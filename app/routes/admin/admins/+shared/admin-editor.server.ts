import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "react-router";
import { TOASTS } from "~/copy/admin";
import { requireSuperAdmin } from "~/services/auth.server";
import { log } from "~/lib/log.server";
import { redirectWithSuccess, dataWithError } from "~/services/toast.server";
import { createAdminUser, updateAdminUserAs, UsernameTakenError } from "~/models/admin-users.server";
import {
  errorDescription,
  errorStatus,
  isThrownResponse,
  notFound,
  requireId,
} from "~/routes/admin/+shared/route-helpers.server";
import { ADMINS_PATH, adminEditorSchema } from "./admin-editor";

/** The action of /admin/admins/new and /admin/admins/:adminId/edit (super admins only). */
export async function adminEditorAction({ request, params }: Pick<ActionFunctionArgs, "request" | "params">) {
  const actor = await requireSuperAdmin(request);
  const adminId = params.adminId === undefined ? undefined : requireId(params.adminId, "admin user");
  const submission = parseWithZod(await request.formData(), { schema: adminEditorSchema(adminId ? "edit" : "create") });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { password, ...fields } = submission.value as typeof submission.value & { password?: string };
  try {
    if (adminId) {
      const updated = await updateAdminUserAs(actor.id, adminId, fields);
      if (!updated) notFound("admin user");
      log.info("admin user updated", { by: actor.id, adminId, role: fields.role, isActive: fields.isActive });
      // An admin who gave up their own super admin role can no longer open this screen.
      const back = adminId === actor.id && fields.role !== "super_admin" ? "/admin" : ADMINS_PATH;
      return redirectWithSuccess(back, TOASTS.adminUpdated);
    }
    const created = await createAdminUser({ ...fields, password: password! });
    log.info("admin user created", { by: actor.id, adminId: created.id, role: created.role });
    return redirectWithSuccess(ADMINS_PATH, TOASTS.adminCreated);
  } catch (error) {
    if (isThrownResponse(error)) throw error;
    const description = errorDescription(error, adminId ? undefined : TOASTS.adminCreateFallback);
    const fieldErrors = error instanceof UsernameTakenError ? { username: [error.message] } : undefined;
    return dataWithError(
      {
        result: submission.reply({
          fieldErrors,
          formErrors: fieldErrors ? undefined : [description],
          hideFields: ["password"],
        }),
      },
      { message: adminId ? TOASTS.adminUpdateError : TOASTS.adminCreateError, description },
      { status: error instanceof UsernameTakenError ? 409 : errorStatus(error) },
    );
  }
}
