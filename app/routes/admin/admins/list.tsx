import { EditAndDelete } from "~/components/admin/confirm-delete";
import { formatDate, formatDateTime } from "~/components/admin/format";
import { EmptyState } from "~/components/admin/page-header";
import { ListScreen } from "~/components/admin/route-dialog";
import { ActiveBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { ADMIN_USERS_TEXTS, adminTitle, TOASTS } from "~/copy/admin";
import { log } from "~/lib/log.server";
import { readForm } from "~/lib/read-form.server";
import { requireSuperAdmin } from "~/middleware/admin-guard.server";
import { deleteAdminUserAs, getAdminUser, listAdminUsers } from "~/models/admin-users.server";
import { recordAudit } from "~/models/audit-log.server";
import { errorDescription, readIntent, requireId } from "~/routes/admin/+shared/route-helpers.server";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import { ADMINS_PATH, roleBadgeText } from "./+shared/admin-editor";
import type { Route } from "./+types/list";

export async function loader({ context }: Route.LoaderArgs) {
  const actor = requireSuperAdmin(context);
  return { admins: await listAdminUsers(), currentAdminId: actor.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireSuperAdmin(context);
  const formData = await readForm(request);
  readIntent(formData, ["delete"]);
  const adminId = requireId(formData.get("adminId"), "adminUser");
  let deleted;
  try {
    deleted = await getAdminUser(adminId);
    if (!deleted || !(await deleteAdminUserAs(actor.id, adminId))) {
      return redirectWithError(ADMINS_PATH, {
        message: TOASTS.admin.deleteError,
        description: ADMIN_USERS_TEXTS.gone,
      });
    }
  } catch (error) {
    return redirectWithError(ADMINS_PATH, { message: TOASTS.admin.deleteError, description: errorDescription(error) });
  }
  log.info("admin user deleted", { by: actor.id, adminId });
  await recordAudit({ actor, action: "admin.deleted", target: deleted.username });
  return redirectWithSuccess(ADMINS_PATH, TOASTS.admin.deleted);
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { admins, currentAdminId } = loaderData;
  return (
    <ListScreen
      title={ADMIN_USERS_TEXTS.heading}
      description={ADMIN_USERS_TEXTS.description}
      addLabel={ADMIN_USERS_TEXTS.add}
    >
      {admins.length === 0 ? (
        <EmptyState title={ADMIN_USERS_TEXTS.emptyTitle} description={ADMIN_USERS_TEXTS.emptyDescription} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={ADMIN_USERS_TEXTS.listLabel}>
          {admins.map((admin) => {
            const isSelf = admin.id === currentAdminId;
            return (
              <li
                key={admin.id}
                aria-label={admin.username}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex items-start gap-3">
                  <Icon
                    name={admin.role === "super_admin" ? "shield-check" : "shield"}
                    className={`mt-0.5 size-5 shrink-0 ${admin.role === "super_admin" ? "text-red-600" : "text-blue-600"}`}
                  />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="truncate font-semibold text-slate-900">{admin.username}</h2>
                      {isSelf ? <span className="text-xs text-slate-500">{ADMIN_USERS_TEXTS.you}</span> : null}
                      <ActiveBadge active={admin.isActive} />
                      <Badge tone={admin.role === "super_admin" ? "danger" : "info"}>{roleBadgeText(admin.role)}</Badge>
                    </div>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
                      <dt className="text-slate-500">{ADMIN_USERS_TEXTS.emailTerm}</dt>
                      <dd className="break-all text-slate-800">{admin.email}</dd>
                      <dt className="text-slate-500">{ADMIN_USERS_TEXTS.lastLoginTerm}</dt>
                      <dd className="text-slate-800">
                        {admin.lastLogin ? formatDateTime(admin.lastLogin) : ADMIN_USERS_TEXTS.never}
                      </dd>
                      <dt className="text-slate-500">{ADMIN_USERS_TEXTS.createdTerm}</dt>
                      <dd className="text-slate-800">{formatDate(admin.createdAt)}</dd>
                    </dl>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <EditAndDelete
                      name={admin.username}
                      editTo={`${admin.id}/edit`}
                      canDelete={!isSelf}
                      question={ADMIN_USERS_TEXTS.deleteQuestion(admin.username)}
                      fields={{ adminId: admin.id }}
                      action={ADMINS_PATH}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </ListScreen>
  );
}

export function meta() {
  return [{ title: adminTitle(ADMIN_USERS_TEXTS.heading) }];
}
