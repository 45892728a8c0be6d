import { EditAndDelete } from "~/components/admin/confirm-delete";
import { EmptyState, SectionHeader } from "~/components/admin/page-header";
import { ListScreen } from "~/components/admin/route-dialog";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { adminTitle, COMMON_TEXTS } from "~/copy/admin";
import { CLIENT_LOGO_TEXTS as L, PROOF_TOASTS, TESTIMONIAL_TEXTS as T } from "~/copy/proof";
import { readForm } from "~/lib/read-form.server";
import {
  deleteClientLogo,
  deleteTestimonial,
  listAllTestimonials,
  listClientLogos,
} from "~/models/testimonials.server";
import { errorDescription, readIntent, requireId } from "~/routes/admin/+shared/route-helpers.server";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import { TESTIMONIALS_PATH } from "./+shared/testimonial-editor";
import type { Route } from "./+types/list";

export async function loader() {
  const [testimonials, logos] = await Promise.all([listAllTestimonials(), listClientLogos()]);
  return { testimonials, logos };
}

// Two delete buttons on one screen: a testimonial's and a logo's.
export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = readIntent(formData, ["delete", "delete-logo"]);
  const [remove, id, toasts, gone] =
    intent === "delete"
      ? [deleteTestimonial, requireId(formData.get("testimonialId")), PROOF_TOASTS.testimonial, T.gone]
      : [deleteClientLogo, requireId(formData.get("logoId")), PROOF_TOASTS.clientLogo, L.gone];
  try {
    if (!(await remove(id))) {
      return redirectWithError(TESTIMONIALS_PATH, { message: toasts.deleteError, description: gone });
    }
  } catch (error) {
    return redirectWithError(TESTIMONIALS_PATH, { message: toasts.deleteError, description: errorDescription(error) });
  }
  return redirectWithSuccess(TESTIMONIALS_PATH, toasts.deleted);
}

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { testimonials, logos } = loaderData;
  return (
    <ListScreen title={T.heading} description={T.description} addLabel={T.add}>
      {testimonials.length === 0 ? (
        <EmptyState title={T.emptyTitle} description={T.emptyDescription} />
      ) : (
        <ul className="space-y-3" aria-label={T.listLabel}>
          {testimonials.map(({ testimonial, caseStudyTitle, serviceName }) => (
            <li
              key={testimonial.id}
              aria-label={testimonial.name}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold break-words text-slate-900">{testimonial.name}</h2>
                  <Badge tone={testimonial.published ? "success" : "neutral"}>
                    {testimonial.published ? T.published : T.hidden}
                  </Badge>
                </div>
                <p className="mt-1 text-sm break-words text-slate-600">
                  {[testimonial.role, testimonial.company].filter(Boolean).join(", ")}
                </p>
                <p className="mt-2 line-clamp-2 text-sm break-words text-slate-700">“{testimonial.quote}”</p>
                {caseStudyTitle || serviceName ? (
                  <p className="mt-1 text-xs break-words text-slate-500">
                    {caseStudyTitle ? T.aboutCaseStudy(caseStudyTitle) : T.aboutService(serviceName ?? "")}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 gap-1 self-end sm:self-start">
                <EditAndDelete
                  name={testimonial.name}
                  editTo={`${testimonial.id}/edit`}
                  question={T.deleteQuestion(testimonial.name)}
                  fields={{ testimonialId: testimonial.id }}
                  action={TESTIMONIALS_PATH}
                />
              </div>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="client-logos-heading" className="mt-10">
        <SectionHeader id="client-logos-heading" title={L.heading} description={L.description} prominent>
          <ButtonLink to="logos/new" preventScrollReset>
            <Icon name="plus" className="size-4" />
            {L.add}
          </ButtonLink>
        </SectionHeader>
        {logos.length === 0 ? (
          <EmptyState title={L.emptyTitle} />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={L.listLabel}>
            {logos.map((logo) => (
              <li
                key={logo.id}
                aria-label={logo.altText}
                className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-3"
              >
                <img
                  src={logo.imageUrl}
                  alt=""
                  width={120}
                  height={36}
                  loading="lazy"
                  className="h-9 w-16 shrink-0 object-contain sm:w-30"
                />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{logo.altText}</p>
                  <p className="text-xs text-slate-500">
                    {COMMON_TEXTS.positionField} {logo.position}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <EditAndDelete
                    name={logo.altText}
                    editTo={`logos/${logo.id}/edit`}
                    question={L.deleteQuestion(logo.altText)}
                    fields={{ logoId: logo.id }}
                    intent="delete-logo"
                    action={TESTIMONIALS_PATH}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </ListScreen>
  );
}

export function meta() {
  return [{ title: adminTitle(T.heading) }];
}
