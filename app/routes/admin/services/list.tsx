import { EditAndDelete } from "~/components/admin/confirm-delete";
import { EmptyState } from "~/components/admin/page-header";
import { ListScreen } from "~/components/admin/route-dialog";
import { ActiveBadge } from "~/components/admin/status-badge";
import { SERVICE_TEXTS, TOASTS } from "~/copy/admin";
import { Badge } from "~/components/ui/badge";
import { categoryLabel } from "~/lib/categories";
import { formatMonthlyPrice, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";
import { deleteService, listAllServices } from "~/models/services.server";
import { errorDescription, readIntent, requireId } from "~/routes/admin/+shared/route-helpers.server";
import { SERVICES_PATH } from "./+shared/service-editor";
import type { Route } from "./+types/list";

export async function loader() {
  return { services: await listAllServices() };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  readIntent(formData, ["delete"]);
  const serviceId = requireId(formData.get("serviceId"), "service");
  try {
    // Orders keep their own copy of the service's name and prices (service_id becomes null).
    if (!(await deleteService(serviceId))) {
      return redirectWithError(SERVICES_PATH, {
        message: TOASTS.service.deleteError,
        description: "This service no longer exists.",
      });
    }
  } catch (error) {
    return redirectWithError(SERVICES_PATH, {
      message: TOASTS.service.deleteError,
      description: errorDescription(error),
    });
  }
  return redirectWithSuccess(SERVICES_PATH, TOASTS.service.deleted);
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { services } = loaderData;
  return (
    <ListScreen
      title={SERVICE_TEXTS.heading}
      description="The automation services shown on the public site."
      addLabel={SERVICE_TEXTS.add}
    >
      {services.length === 0 ? (
        <EmptyState title="No services yet." description="Add your first service to show it on the website." />
      ) : (
        <ul className="space-y-3" aria-label="Services">
          {services.map((service) => (
            <li
              key={service.id}
              aria-label={service.name}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold text-slate-900">{service.name}</h2>
                  <ActiveBadge active={service.isActive} />
                  {service.featured ? <Badge tone="brand">Featured</Badge> : null}
                </div>
                <p className="mt-1 text-xs font-medium uppercase tracking-wide text-slate-500">
                  {categoryLabel(service.category)}
                </p>
                <p className="mt-2 line-clamp-2 text-sm text-slate-600">{service.description}</p>
                <p className="mt-2 text-sm font-semibold text-slate-900">
                  {formatPrice(service.setupPrice)} setup
                  {hasMonthlyPrice(service.monthlyPrice) ? ` + ${formatMonthlyPrice(service.monthlyPrice)}` : ""}
                </p>
              </div>
              <div className="flex shrink-0 gap-1 self-end sm:self-start">
                <EditAndDelete
                  name={service.name}
                  editTo={`${service.id}/edit`}
                  question={`Delete "${service.name}"? Orders for it keep their details.`}
                  fields={{ serviceId: service.id }}
                  action={SERVICES_PATH}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListScreen>
  );
}

export function meta() {
  return [{ title: `${SERVICE_TEXTS.heading} | Admin Panel` }];
}
