import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { SERVICES } from "~/copy/site";
import { categoryLabel } from "~/lib/categories";
import { formatMonthlyPrice, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import type { CaseStudyLink } from "~/models/case-studies.server";
import type { PublicService } from "~/models/services.server";

import { CategoryIcon } from "./category-icon";
import { CaseStudyLinks } from "./proof";
import { ResponsiveImage } from "./responsive-image";
import { useCurrency } from "./use-site-settings";

export function orderHref(serviceId: string): string {
  return `/order?service=${encodeURIComponent(serviceId)}`;
}

/**
 * One service as a card: on the home page (featured, under the section's h2) and in the
 * catalogue (right under the page's h1, so its heading is an h2 there: headings skip no level).
 */
export function ServiceCard({
  service,
  orderLabel,
  headingLevel = 3,
  caseStudies,
}: {
  service: PublicService;
  orderLabel: string;
  headingLevel?: 2 | 3;
  /** The published case studies about this service, linked under its prices. */
  caseStudies?: CaseStudyLink[];
}) {
  const currency = useCurrency();
  const headingId = `service-${service.id}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      {service.imageUrl ? (
        <ResponsiveImage
          src={service.imageUrl}
          alt=""
          // The grids these cards sit in: three columns from lg, two from sm, less the page's padding.
          sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw"
          className="mb-5 aspect-video w-full rounded-xl bg-slate-100 object-cover"
        />
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <span className="grid size-12 place-items-center rounded-xl bg-brand/10 text-brand">
          <CategoryIcon category={service.category} className="size-6" />
        </span>
        {service.featured ? (
          <Badge tone="brand">
            <Icon name="star" className="size-3 fill-current" />
            {SERVICES.featured}
          </Badge>
        ) : null}
      </div>
      <p className="mt-4 text-xs font-medium tracking-wide text-slate-600">{categoryLabel(service.category)}</p>
      <Heading id={headingId} className="mt-1 text-lg font-semibold text-slate-900">
        {service.name}
      </Heading>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{service.description}</p>
      <dl className="mt-5 space-y-1 border-t border-slate-100 pt-4 text-sm">
        <div className="flex items-baseline justify-between gap-2">
          <dt className="text-slate-600">{SERVICES.setup}</dt>
          <dd className="text-2xl font-bold text-slate-900">{formatPrice(service.setupPrice, currency)}</dd>
        </div>
        {hasMonthlyPrice(service.monthlyPrice) ? (
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-slate-600">{SERVICES.ongoingSupport}</dt>
            <dd className="font-semibold text-slate-900">+ {formatMonthlyPrice(service.monthlyPrice, currency)}</dd>
          </div>
        ) : null}
      </dl>
      <CaseStudyLinks links={caseStudies} className="mt-4" />
      <ButtonLink to={orderHref(service.id)} className="mt-5 w-full" aria-label={`${orderLabel}: ${service.name}`}>
        {orderLabel}
        <Icon name="arrow-right" className="size-4" />
      </ButtonLink>
    </article>
  );
}
