import { getFormProps } from "@conform-to/react";
import { data, useFetcher } from "react-router";
import { z } from "zod";

import { BookCall } from "~/components/site/book-call";
import { FounderSection } from "~/components/site/founder-section";
import { Hero } from "~/components/site/hero";
import { HomeSection } from "~/components/site/home-section";
import { JsonLd } from "~/components/site/json-ld";
import { publicPageMeta } from "~/components/site/page-meta";
import { PrivacyNotice } from "~/components/site/privacy-notice";
import { CaseStudyCard, ClientLogoStrip, TestimonialCard } from "~/components/site/proof";
import {
  InputFields,
  type InputSpec,
  MessageField,
  PublicForm,
  type PublicFormResult,
  usePublicForm,
} from "~/components/site/public-form";
import { ServiceCard } from "~/components/site/service-card";
import { organizationJsonLd } from "~/components/site/structured-data";
import { useSiteOrigin } from "~/components/site/use-site-origin";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { Button, ButtonLink } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { HOME_PROOF } from "~/copy/proof";
import { CONTACT, FEATURED, VISITOR_FIELD_ERRORS } from "~/copy/site";
import { getEnv } from "~/lib/env.server";
import { heroStats } from "~/lib/hero-stats";
import { whatsappUrl } from "~/lib/messaging";
import { retryAfterHeaders } from "~/lib/retry-after";
import { requiredText, VISITOR_EMAIL } from "~/lib/visitor-fields";
import { createContactMessage } from "~/models/contact-messages.server";
import { toPublicFounder } from "~/models/founder-info.server";
import { toPublicService } from "~/models/services.server";
import { contactBookingUrl, contactReceiptHeaders, takeContactReceipt } from "~/services/contact-receipt.server";
import { readFeaturedServices, readFounderInfo, readHomeProof, readServiceProof } from "~/services/last-known.server";
import { FORM_LIMIT_KEYS, publicFormAction } from "~/services/public-form.server";

import type { Route } from "./+types/home";

const CONTACT_LIMITS = { name: 100, message: 5000 } as const;

const ContactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, {
    missing: CONTACT.errors.nameMissing,
    tooLong: VISITOR_FIELD_ERRORS.nameTooLong(CONTACT_LIMITS.name),
  }),
  email: VISITOR_EMAIL,
  message: requiredText(CONTACT_LIMITS.message, {
    missing: CONTACT.errors.messageMissing,
    tooLong: CONTACT.errors.messageTooLong(CONTACT_LIMITS.message),
  }),
});

const CONTACT_INPUTS: ReadonlyArray<InputSpec<"name" | "email">> = [
  { name: "name", type: "text", autoComplete: "name" },
  { name: "email", type: "email", autoComplete: "email" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [services, founder, proof, serviceProof, contactReceipt] = await Promise.all([
    readFeaturedServices(),
    readFounderInfo(),
    readHomeProof(),
    readServiceProof(),
    takeContactReceipt(request),
  ]);
  return data(
    {
      services: services.map(toPublicService),
      founder: founder && toPublicFounder(founder),
      proof,
      caseStudiesByService: Object.fromEntries(
        services.map((service) => [service.id, serviceProof.caseStudies[service.id]]),
      ),
      // Just back from the contact form without JavaScript: the booking link its answer would have had.
      bookingUrl: contactReceipt?.bookingUrl ?? null,
    },
    { headers: contactReceipt?.headers },
  );
}

export function action(args: Route.ActionArgs) {
  return publicFormAction(args, {
    name: "contact",
    schema: ContactSchema,
    toasts: CONTACT,
    rateLimit: { key: FORM_LIMIT_KEYS.contact, perHour: getEnv().CONTACT_MESSAGES_PER_HOUR },
    store: createContactMessage,
    redirectTo: "/#contact",
    // The next step after a message may be a call: the booking page, prefilled for the sender.
    redirectHeaders: contactReceiptHeaders,
    stored: async (message) => ({ bookingUrl: await contactBookingUrl(message) }),
  });
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const origin = useSiteOrigin();
  return (
    <>
      <JsonLd data={organizationJsonLd(settings, origin, loaderData.services)} />
      <Hero
        headline={settings.homepageHeadline}
        subtext={settings.homepageSubtext}
        stats={heroStats(settings.heroStats, loaderData.founder)}
      />
      <ClientLogoStrip logos={loaderData.proof.logos} />
      <FeaturedServices services={loaderData.services} caseStudiesByService={loaderData.caseStudiesByService} />
      <SelectedWork caseStudies={loaderData.proof.caseStudies} />
      <Testimonials testimonials={loaderData.proof.testimonials} />
      <FounderSection founder={loaderData.founder} />
      <ContactSection lastResult={actionData?.result} bookingUrl={loaderData.bookingUrl} />
    </>
  );
}

type HomeData = Route.ComponentProps["loaderData"];

function FeaturedServices({ services, caseStudiesByService }: Pick<HomeData, "services" | "caseStudiesByService">) {
  return (
    <HomeSection headingId="featured-heading" title={FEATURED.heading} intro={FEATURED.intro}>
      {services.length ? (
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.id}>
              <ServiceCard
                service={service}
                orderLabel={FEATURED.order}
                caseStudies={caseStudiesByService[service.id]}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-12 text-center">
        <ButtonLink to="/services" variant="secondary" size="lg">
          {FEATURED.viewAll}
        </ButtonLink>
      </div>
    </HomeSection>
  );
}

function SelectedWork({ caseStudies }: { caseStudies: HomeData["proof"]["caseStudies"] }) {
  if (caseStudies.length === 0) return null;
  return (
    <HomeSection
      headingId="work-heading"
      title={HOME_PROOF.workHeading}
      intro={HOME_PROOF.workIntro}
      className="bg-slate-50"
    >
      {/* Two case studies sit side by side in the middle rather than leave a third column empty. */}
      <ul
        className={
          caseStudies.length >= 3
            ? "mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            : "mx-auto mt-12 grid max-w-4xl gap-6 sm:grid-cols-2"
        }
      >
        {caseStudies.map((caseStudy) => (
          <li key={caseStudy.id}>
            <CaseStudyCard caseStudy={caseStudy} />
          </li>
        ))}
      </ul>
      <div className="mt-12 text-center">
        <ButtonLink to="/work" variant="secondary" size="lg">
          {HOME_PROOF.viewAllWork}
        </ButtonLink>
      </div>
    </HomeSection>
  );
}

function Testimonials({ testimonials }: { testimonials: HomeData["proof"]["testimonials"] }) {
  if (testimonials.length === 0) return null;
  return (
    <HomeSection headingId="testimonials-heading" title={HOME_PROOF.testimonialsHeading}>
      <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.id}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

function ContactSection({
  lastResult,
  bookingUrl,
}: {
  lastResult: PublicFormResult | undefined;
  bookingUrl: string | null;
}) {
  const settings = useSiteSettings();
  const whatsapp = whatsappUrl(settings.whatsappNumber, settings.workflowToolName);
  return (
    <HomeSection id="contact" headingId="contact-heading" title={CONTACT.heading} intro={CONTACT.intro}>
      <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ContactForm lastResult={lastResult} bookingUrl={bookingUrl} />
        <aside
          aria-label={CONTACT.infoHeading}
          className="space-y-6 rounded-2xl bg-slate-950 p-6 text-slate-200 sm:p-8"
        >
          <h3 className="text-xl font-semibold text-white">{CONTACT.infoHeading}</h3>
          <ul className="space-y-4">
            {settings.supportEmail ? (
              <ContactLine icon="mail" label={CONTACT.infoLines.email}>
                <a href={`mailto:${settings.supportEmail}`} className="break-all hover:text-white">
                  {settings.supportEmail}
                </a>
              </ContactLine>
            ) : null}
            {settings.whatsappNumber ? (
              <ContactLine icon="message-circle" label={CONTACT.infoLines.whatsapp}>
                {whatsapp ? (
                  <a href={whatsapp} target="_blank" rel="noopener" className="hover:text-white">
                    {settings.whatsappNumber}
                  </a>
                ) : (
                  settings.whatsappNumber
                )}
              </ContactLine>
            ) : null}
            {settings.businessAddress ? (
              <ContactLine icon="map-pin" label={CONTACT.infoLines.address}>
                {settings.businessAddress}
              </ContactLine>
            ) : null}
          </ul>
          <p className="flex items-start gap-3 rounded-xl bg-white/10 p-4 text-sm">
            <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-white" />
            <span>{CONTACT.replyPromise}</span>
          </p>
        </aside>
      </div>
    </HomeSection>
  );
}

function ContactLine({ icon, label, children }: { icon: IconName; label: string; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-white/10">
        <Icon name={icon} className="size-5 text-white" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-slate-400">{label}</span>
        <span className="block text-white">{children}</span>
      </span>
    </li>
  );
}

// The contact form posts through a fetcher: with JavaScript the address stays the page's ("/", not
// the action's "/?index"). Without it the browser posts to the action, and the anchor brings the
// answer back to the form, where its field errors are.
const CONTACT_ACTION = "/?index#contact";

function ContactForm({
  lastResult,
  bookingUrl,
}: {
  lastResult: PublicFormResult | undefined;
  bookingUrl: string | null;
}) {
  const fetcher = useFetcher<typeof action>();
  const sending = fetcher.state !== "idle";
  const [form, fields] = usePublicForm(ContactSchema, {
    id: "contact-form",
    // The fetcher's answer with JavaScript; the page's own (a post without JavaScript) otherwise.
    lastResult: fetcher.data?.result ?? lastResult,
  });
  // The fetcher's answer with JavaScript; the page's, from the redirect's cookie, without.
  const sentBookingUrl =
    fetcher.data && "bookingUrl" in fetcher.data && typeof fetcher.data.bookingUrl === "string"
      ? fetcher.data.bookingUrl
      : bookingUrl;
  return (
    <PublicForm as={fetcher.Form} action={CONTACT_ACTION} {...getFormProps(form)} labelledBy="contact-heading">
      <InputFields fields={fields} inputs={CONTACT_INPUTS} texts={CONTACT.fields} />
      <MessageField field={fields.message} rows={5} texts={CONTACT.fields.message} />
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        <Icon name="send" className="size-4" />
        {sending ? CONTACT.sending : CONTACT.submit}
      </Button>
      <PrivacyNotice />
      {sentBookingUrl ? <BookCall url={sentBookingUrl} /> : null}
    </PublicForm>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return publicPageMeta(matches, (settings) => ({ description: settings.homepageSubtext, path: "/" }));
}

export const headers = retryAfterHeaders;
