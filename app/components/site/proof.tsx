import { Link } from "react-router";

import { Icon } from "~/components/ui/icon";
import { HOME_PROOF, SERVICE_PROOF, WORK } from "~/copy/proof";
import type { CaseStudyResult } from "~/db/schema";
import { parseStoredImageUrl } from "~/lib/images";
import type { CaseStudyCard as CaseStudyCardData, CaseStudyLink } from "~/models/case-studies.server";
import type { PublicTestimonial } from "~/models/testimonials.server";

import { ResponsiveImage } from "./responsive-image";

// The proof on the public pages: case-study cards, result figures, testimonials and the strip of
// client logos. Every image has its box's width and height, so nothing moves as it loads
// (docs/product.md 14.1; Lighthouse's layout-shift audit).

export function caseStudyHref(slug: string): string {
  return `/work/${slug}`;
}

/**
 * An image in a box of fixed size (`width` × `height`, kept by the classes): an uploaded one as a
 * <picture> of resized variants, a pasted URL as a plain <img> with the box's width and height.
 */
function BoxedImage({
  src,
  alt,
  width,
  height,
  sizes,
  className,
  eager = false,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  className: string;
  eager?: boolean;
}) {
  if (parseStoredImageUrl(src)) {
    return <ResponsiveImage src={src} alt={alt} sizes={sizes} className={className} priority={eager} />;
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
      className={className}
    />
  );
}

/** A case study's cover in a 1200 × 630 box (the Open Graph size); a plain band when there is none. */
export function CaseStudyCover({
  url,
  eager = false,
  className = "",
}: {
  url: string | null;
  eager?: boolean;
  className?: string;
}) {
  if (!url) {
    return (
      <div
        aria-hidden
        className={`aspect-[1200/630] w-full bg-gradient-to-br from-brand/80 via-indigo-600 to-sky-500 ${className}`}
      />
    );
  }
  return (
    <BoxedImage
      src={url}
      alt=""
      width={1200}
      height={630}
      sizes="(min-width: 1024px) 1024px, 100vw"
      eager={eager}
      className={`aspect-[1200/630] w-full bg-slate-100 object-cover ${className}`}
    />
  );
}

export function ResultFigures({ results, size = "sm" }: { results: CaseStudyResult[]; size?: "sm" | "lg" }) {
  if (results.length === 0) return null;
  return (
    <dl className={size === "lg" ? "grid grid-cols-2 gap-4 lg:grid-cols-4" : "grid grid-cols-2 gap-3"}>
      {results.map((result, index) => (
        <div
          key={index}
          className={
            size === "lg"
              ? "flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
              : "flex flex-col rounded-lg bg-slate-50 p-3"
          }
        >
          <dt className={size === "lg" ? "text-sm text-slate-600" : "text-xs text-slate-600"}>{result.label}</dt>
          <dd
            className={
              size === "lg"
                ? "order-first text-3xl font-extrabold text-brand"
                : "order-first text-xl font-bold text-slate-900"
            }
          >
            {result.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One case study as a card: on /work (its h1 above, so an h2) and on the home page (an h3). */
export function CaseStudyCard({ caseStudy, headingLevel = 3 }: { caseStudy: CaseStudyCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `case-study-${caseStudy.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <CaseStudyCover url={caseStudy.coverImageUrl} />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-medium tracking-wide text-slate-600">
          {caseStudy.clientName} · {caseStudy.industry}
        </p>
        <Heading id={headingId} className="mt-1 text-lg font-semibold text-slate-900">
          {caseStudy.title}
        </Heading>
        <div className="mt-4 flex-1">
          <ResultFigures results={caseStudy.results.slice(0, 2)} />
        </div>
        <Link
          to={caseStudyHref(caseStudy.slug)}
          aria-label={WORK.readMore(caseStudy.title)}
          className="mt-5 inline-flex items-center gap-1.5 font-medium text-indigo-700 hover:text-indigo-900 hover:underline"
        >
          {WORK.readMoreShort}
          <Icon name="arrow-right" className="size-4" />
        </Link>
      </div>
    </article>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join("");
}

/** A client's words, with their photo (or initials), name, role and company. No review markup. */
export function TestimonialCard({
  testimonial,
  compact = false,
}: {
  testimonial: PublicTestimonial;
  /** Inside another box (the order summary): no border of its own, smaller text. */
  compact?: boolean;
}) {
  const byline = [testimonial.role, testimonial.company].filter(Boolean).join(", ");
  return (
    <figure
      className={
        compact
          ? "flex flex-col rounded-xl bg-slate-50 p-4 text-sm"
          : "flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      }
    >
      <blockquote className="flex-1 text-slate-700">
        <p className="leading-relaxed">“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        {testimonial.photoUrl ? (
          <BoxedImage
            src={testimonial.photoUrl}
            alt=""
            width={48}
            height={48}
            sizes="48px"
            className="size-12 shrink-0 rounded-full bg-slate-100 object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="grid size-12 shrink-0 place-items-center rounded-full bg-brand/10 font-semibold text-brand"
          >
            {initials(testimonial.name)}
          </span>
        )}
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>
          {byline ? <span className="block text-sm text-slate-600">{byline}</span> : null}
        </span>
      </figcaption>
    </figure>
  );
}

/** The home page's strip of client logos, in the admin's order; each in a 160 × 48 box. */
export function ClientLogoStrip({ logos }: { logos: { id: string; altText: string; imageUrl: string }[] }) {
  if (logos.length === 0) return null;
  return (
    <section aria-labelledby="client-logos-heading" className="border-y border-slate-200 bg-slate-50 py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="client-logos-heading" className="text-center text-sm font-semibold tracking-wide text-slate-600">
          {HOME_PROOF.logosHeading}
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
          {logos.map((logo) => (
            <li key={logo.id}>
              <BoxedImage
                src={logo.imageUrl}
                alt={logo.altText}
                width={160}
                height={48}
                sizes="160px"
                className="h-12 w-40 object-contain"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Links from a service to the published case studies about it. */
export function CaseStudyLinks({ links, className = "" }: { links: CaseStudyLink[] | undefined; className?: string }) {
  if (!links?.length) return null;
  return (
    <ul className={`space-y-1 text-sm ${className}`}>
      {links.slice(0, 2).map((link) => (
        <li key={link.slug}>
          <Link
            to={caseStudyHref(link.slug)}
            className="inline-flex items-start gap-1.5 font-medium text-indigo-700 underline-offset-2 hover:text-indigo-900 hover:underline"
          >
            <Icon name="briefcase" className="mt-0.5 size-4 shrink-0" />
            {SERVICE_PROOF.caseStudyLink(link.title)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
