import { data, Link } from "react-router";

import { publicPageMeta } from "~/components/site/page-meta";
import { CaseStudyCover, ResultFigures, TestimonialCard } from "~/components/site/proof";
import { orderHref } from "~/components/site/service-card";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { WORK } from "~/copy/proof";
import { SLUG_PATTERN } from "~/lib/case-study";
import { renderMarkdown } from "~/lib/markdown.server";
import { getPublishedCaseStudy } from "~/models/case-studies.server";
import { listTestimonialsAbout } from "~/models/testimonials.server";

import type { Route } from "./+types/case-study";

export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug;
  // A draft, a deleted case study and an address no slug can have are all the same 404.
  const caseStudy = SLUG_PATTERN.test(slug) ? await getPublishedCaseStudy(slug) : null;
  if (!caseStudy) throw data(WORK.notFound, { status: 404 });
  const testimonials = await listTestimonialsAbout({
    caseStudyId: caseStudy.id,
    serviceIds: caseStudy.services.map((service) => service.id),
  });
  const { solution, createdAt: _createdAt, updatedAt: _updatedAt, published: _published, ...shown } = caseStudy;
  return { caseStudy: { ...shown, solutionHtml: renderMarkdown(solution) }, testimonials };
}

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { caseStudy, testimonials } = loaderData;
  const firstService = caseStudy.services[0];
  return (
    <article>
      <header className="border-b border-slate-200 bg-gradient-to-b from-slate-50 to-white">
        <div className="mx-auto max-w-5xl px-4 pt-10 pb-12 sm:px-6 sm:pt-14 lg:px-8">
          <Link
            to="/work"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline"
          >
            <Icon name="arrow-left" className="size-4" />
            {WORK.backToWork}
          </Link>
          <p className="mt-6 text-sm font-medium tracking-wide text-slate-600">
            <span className="sr-only">{WORK.clientLabel}: </span>
            {caseStudy.clientName} · <span className="sr-only">{WORK.industryTag}: </span>
            {caseStudy.industry}
          </p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{caseStudy.title}</h1>
          <div className="mt-8 overflow-hidden rounded-2xl shadow-sm">
            <CaseStudyCover url={caseStudy.coverImageUrl} eager />
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-5xl space-y-14 px-4 py-14 sm:px-6 lg:px-8">
        {caseStudy.results.length ? (
          <CaseSection id="results" heading={WORK.resultsHeading}>
            <div className="mt-6">
              <ResultFigures results={caseStudy.results} size="lg" />
            </div>
          </CaseSection>
        ) : null}

        <div className="grid gap-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div className="space-y-12">
            <CaseSection id="problem" heading={WORK.problemHeading}>
              <p className="mt-4 whitespace-pre-line leading-relaxed text-slate-700">{caseStudy.problem}</p>
            </CaseSection>
            <CaseSection id="solution" heading={WORK.solutionHeading}>
              {/* Server-rendered markdown with HTML escaped and unsafe links dropped (app/lib/markdown.server.ts). */}
              <div
                className="mt-4 space-y-4 leading-relaxed text-slate-700 [&_a]:text-indigo-700 [&_a]:underline [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6"
                dangerouslySetInnerHTML={{ __html: caseStudy.solutionHtml }}
              />
            </CaseSection>
          </div>

          <aside className="space-y-8">
            {caseStudy.tools.length ? (
              <CaseSection id="tools" heading={WORK.toolsHeading} minor>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {caseStudy.tools.map((tool) => (
                    <li key={tool}>
                      <Badge size="md">{tool}</Badge>
                    </li>
                  ))}
                </ul>
              </CaseSection>
            ) : null}
            {caseStudy.services.length ? (
              <CaseSection id="services" heading={WORK.servicesHeading} minor>
                <ul className="mt-3 space-y-2">
                  {caseStudy.services.map((service) => (
                    <li key={service.id}>
                      <Link
                        to={orderHref(service.id)}
                        className="inline-flex items-start gap-1.5 font-medium text-indigo-700 hover:text-indigo-900 hover:underline"
                      >
                        <Icon name="package" className="mt-0.5 size-4 shrink-0" />
                        {service.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </CaseSection>
            ) : null}
          </aside>
        </div>

        {testimonials.length ? (
          <CaseSection id="case-testimonials" heading={WORK.testimonialsHeading}>
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {testimonials.map((testimonial) => (
                <li key={testimonial.id}>
                  <TestimonialCard testimonial={testimonial} />
                </li>
              ))}
            </ul>
          </CaseSection>
        ) : null}

        <section
          aria-labelledby="case-cta-heading"
          className="rounded-2xl bg-slate-950 px-6 py-10 text-center text-slate-200 sm:px-10"
        >
          <h2 id="case-cta-heading" className="text-2xl font-bold text-white">
            {WORK.ctaHeading}
          </h2>
          <p className="mx-auto mt-3 max-w-xl">{WORK.ctaText}</p>
          <ButtonLink to={firstService ? orderHref(firstService.id) : "/#contact"} size="lg" className="mt-6">
            {WORK.ctaButton}
            <Icon name="arrow-right" className="size-4" />
          </ButtonLink>
        </section>
      </div>
    </article>
  );
}

/** A part of the story under its heading: a major one, or a minor one in the side column. */
function CaseSection({
  id,
  heading,
  minor = false,
  children,
}: {
  id: string;
  heading: string;
  minor?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2
        id={`${id}-heading`}
        className={minor ? "text-lg font-semibold text-slate-900" : "text-2xl font-bold tracking-tight text-slate-900"}
      >
        {heading}
      </h2>
      {children}
    </section>
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData)
    return publicPageMeta(matches, () => ({
      title: WORK.heading,
      description: WORK.notFound,
      path: "/work",
      noIndex: true,
    }));
  const { caseStudy } = loaderData;
  return publicPageMeta(matches, () => ({
    title: caseStudy.title,
    description: `${caseStudy.clientName} (${caseStudy.industry}): ${caseStudy.problem}`.slice(0, 160),
    path: `/work/${caseStudy.slug}`,
    image: caseStudy.coverImageUrl,
  }));
}
