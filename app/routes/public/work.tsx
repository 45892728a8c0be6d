import { Form } from "react-router";

import { CatalogueResults } from "~/components/site/catalogue-results";
import { publicPageMeta } from "~/components/site/page-meta";
import { CaseStudyCard } from "~/components/site/proof";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { WORK } from "~/copy/proof";
import { readWorkFilter } from "~/lib/case-study";
import { listPublishedCaseStudies, listWorkFilters } from "~/models/case-studies.server";

import type { Route } from "./+types/work";

export async function loader({ request }: Route.LoaderArgs) {
  const asked = readWorkFilter(new URL(request.url).searchParams);
  const filters = await listWorkFilters();
  // A filter no published case study has (an old link) shows everything, as the dropdown says.
  const service = filters.services.some((known) => known.id === asked.service) ? asked.service : "";
  const industry = filters.industries.includes(asked.industry) ? asked.industry : "";
  const caseStudies = await listPublishedCaseStudies({
    serviceId: service || undefined,
    industry: industry || undefined,
  });
  return { caseStudies, filters, service, industry };
}

export default function Work({ loaderData }: Route.ComponentProps) {
  const { caseStudies, filters, service, industry } = loaderData;
  const filtered = Boolean(service || industry);
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-slate-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 sm:py-20 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{WORK.heading}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{WORK.intro}</p>
          {filters.services.length + filters.industries.length > 0 ? (
            // A plain GET form: the filter is the address, with or without JavaScript.
            <Form
              key={`${service}|${industry}`}
              method="get"
              role="search"
              aria-label={WORK.filterLabel}
              preventScrollReset
              className="mx-auto mt-10 flex max-w-3xl flex-col gap-3 text-left sm:flex-row sm:items-end"
            >
              <SelectField
                label={WORK.serviceLabel}
                className="flex-1"
                selectProps={{ name: "service", defaultValue: service }}
              >
                <option value="">{WORK.allServices}</option>
                {filters.services.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={WORK.industryLabel}
                className="flex-1"
                selectProps={{ name: "industry", defaultValue: industry }}
              >
                <option value="">{WORK.allIndustries}</option>
                {filters.industries.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" variant="secondary">
                {WORK.applyFilters}
              </Button>
            </Form>
          ) : null}
        </div>
      </section>

      <CatalogueResults
        label={WORK.listLabel}
        countText={WORK.count(caseStudies.length)}
        items={caseStudies}
        card={(caseStudy) => <CaseStudyCard caseStudy={caseStudy} headingLevel={2} />}
        emptyText={WORK.empty}
        clearFilters={filtered ? { to: "/work", label: WORK.clearFilters } : undefined}
      />
    </>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  // Filtered views are the same page for search engines: the canonical address has no query.
  return publicPageMeta(matches, (settings) => ({
    title: WORK.heading,
    description: WORK.metaDescription(settings.companyName),
    path: "/work",
  }));
}
