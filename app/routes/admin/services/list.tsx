import { EditAndDelete } from "~/components/admin/confirm-delete";
import { EmptyState } from "~/components/admin/page-header";
import { ListScreen } from "~/components/admin/route-dialog";
import { SearchForm, SearchInput } from "~/components/admin/search-form";
import { ActiveBadge } from "~/components/admin/status-badge";
import { PageLinks } from "~/components/site/catalogue-pages";
import { useCurrency } from "~/components/site/use-site-settings";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { adminTitle, SERVICE_TEXTS, TOASTS } from "~/copy/admin";
import { categoryLabel } from "~/lib/categories";
import { formatMonthlyPrice, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { readForm } from "~/lib/read-form.server";
import { readServiceFilter, searchWords, serviceFilterSearch } from "~/lib/service-filter";
import { deleteService, searchAllServices } from "~/models/services.server";
import { errorDescription, readIntent, requireId } from "~/routes/admin/+shared/route-helpers.server";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import { SERVICES_PATH } from "./+shared/service-editor";
import type { Route } from "./+types/list";

// Bounded by the services count, so numbered pages (OFFSET) stay cheap here.
const ADMIN_PAGE_SIZE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  const { q, page } = readServiceFilter(new URL(request.url).searchParams);
  const found = await searchAllServices({ words: searchWords(q), category: null, page, pageSize: ADMIN_PAGE_SIZE });
  return { ...found, q };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  readIntent(formData, ["delete"]);
  const serviceId = requireId(formData.get("serviceId"), "service");
  try {
    // Orders keep their own copy of the service's name and prices (service_id becomes null).
    if (!(await deleteService(serviceId))) {
      return redirectWithError(SERVICES_PATH, {
        message: TOASTS.service.deleteError,
        description: SERVICE_TEXTS.gone,
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
  const currency = useCurrency();
  const { services, q, total, page, pageCount } = loaderData;
  return (
    <ListScreen title={SERVICE_TEXTS.heading} description={SERVICE_TEXTS.description} addLabel={SERVICE_TEXTS.add}>
      <SearchForm className="mb-4 flex flex-wrap items-center gap-2">
        <SearchInput
          q={q}
          label={SERVICE_TEXTS.searchLabel}
          placeholder={SERVICE_TEXTS.searchLabel}
          maxLength={100}
          rounded="rounded-md"
          className="relative min-w-0 flex-1 sm:max-w-sm"
        />
        <Button type="submit" variant="secondary">
          {SERVICE_TEXTS.search}
        </Button>
        <p className="text-sm text-slate-600">{SERVICE_TEXTS.count(total)}</p>
      </SearchForm>
      {services.length === 0 ? (
        q ? (
          <EmptyState title={SERVICE_TEXTS.noMatch} />
        ) : (
          <EmptyState title={SERVICE_TEXTS.emptyTitle} description={SERVICE_TEXTS.emptyDescription} />
        )
      ) : (
        <ul className="space-y-3" aria-label={SERVICE_TEXTS.listLabel}>
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
                  {service.featured ? <Badge tone="brand">{SERVICE_TEXTS.featured}</Badge> : null}
                </div>
                <p className="mt-1 text-xs font-medium tracking-wide text-slate-500">
                  {categoryLabel(service.category)}
                </p>
                <p className="mt-2 line-clamp-2 text-sm text-slate-600">{service.description}</p>
                <p className="mt-2 text-sm font-semibold text-slate-900">
                  {SERVICE_TEXTS.setupPrice(formatPrice(service.setupPrice, currency))}
                  {hasMonthlyPrice(service.monthlyPrice)
                    ? ` + ${formatMonthlyPrice(service.monthlyPrice, currency)}`
                    : ""}
                </p>
              </div>
              <div className="flex shrink-0 gap-1 self-end sm:self-start">
                <EditAndDelete
                  name={service.name}
                  editTo={`${service.id}/edit`}
                  question={SERVICE_TEXTS.deleteQuestion(service.name)}
                  fields={{ serviceId: service.id }}
                  action={SERVICES_PATH}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        page={page}
        pageCount={pageCount}
        hrefFor={(n) => `${SERVICES_PATH}${serviceFilterSearch({ q, category: "", page: n })}`}
        className="mt-6"
      />
    </ListScreen>
  );
}

export function meta() {
  return [{ title: adminTitle(SERVICE_TEXTS.heading) }];
}
