import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Clock, Mail, MapPin, MessageCircle, Send } from "lucide-react";
import { Form, useFormAction, useNavigation } from "react-router";
import { z } from "zod";
import { CONTACT, FEATURED } from "~/copy/site";
import { EnhancedFlag, isEnhancedSubmission } from "~/components/site/enhanced-flag";
import { FounderSection } from "~/components/site/founder-section";
import { Hero } from "~/components/site/hero";
import { HoneypotField } from "~/components/site/honeypot-field";
import { JsonLd } from "~/components/site/json-ld";
import { publicPageMeta } from "~/components/site/page-meta";
import { ServiceCard } from "~/components/site/service-card";
import { useSiteOrigin } from "~/components/site/use-site-origin";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { getEnv } from "~/lib/env.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import { log } from "~/lib/log.server";
import { whatsappUrl } from "~/lib/messaging";
import { hitRateLimit } from "~/models/rate-limits.server";
import { clientIp } from "~/lib/request-context.server";
import { organizationJsonLd } from "~/lib/seo";
import { dataWithError, dataWithSuccess, redirectWithSuccess } from "~/services/toast.server";
import { createContactMessage } from "~/models/contact-messages.server";
import { getFounderInfo } from "~/models/founder-info.server";
import { listFeaturedServices } from "~/models/services.server";
import type { Route } from "./+types/home";

const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

const ContactSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(CONTACT_LIMITS.name, `Please keep your name under ${CONTACT_LIMITS.name} characters.`),
  email: z
    .email({
      error: (issue) =>
        issue.input === undefined ? "Please enter your email address." : "Please enter a valid email address.",
    })
    .max(CONTACT_LIMITS.email, "Please enter a valid email address."),
  message: z
    .string({ error: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(CONTACT_LIMITS.message, `Please keep your message under ${CONTACT_LIMITS.message} characters.`),
});

const HOUR_MS = 60 * 60 * 1000;

export async function loader() {
  const [services, founder] = await Promise.all([listFeaturedServices(), getFounderInfo()]);
  return { services, founder };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return dataWithError({ result: submission.reply() }, CONTACT.failure, { status: 400 });
  }
  if (isHoneypotFilled(formData)) {
    log.warn("contact form honeypot filled", { ip: clientIp(context) });
    return dataWithError({ result: submission.reply() }, CONTACT.failure, { status: 400 });
  }
  const limit = await hitRateLimit(`contact:${clientIp(context)}`, getEnv().CONTACT_MESSAGES_PER_HOUR, HOUR_MS);
  if (!limit.allowed) {
    return dataWithError({ result: submission.reply() }, CONTACT.failure, {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  try {
    await createContactMessage(submission.value);
  } catch (error) {
    log.error("storing a contact message failed", { error });
    return dataWithError({ result: submission.reply() }, CONTACT.failure, { status: 500 });
  }
  if (isEnhancedSubmission(formData)) {
    return dataWithSuccess({ result: submission.reply({ resetForm: true }) }, CONTACT.success);
  }
  return redirectWithSuccess("/#contact", CONTACT.success);
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const origin = useSiteOrigin();
  return (
    <>
      <JsonLd data={organizationJsonLd(settings, origin, loaderData.services)} />
      <Hero headline={settings.homepageHeadline} subtext={settings.homepageSubtext} />
      <FeaturedServices services={loaderData.services} />
      <FounderSection founder={loaderData.founder} />
      <ContactSection lastResult={actionData?.result} />
    </>
  );
}

function FeaturedServices({ services }: { services: Route.ComponentProps["loaderData"]["services"] }) {
  return (
    <section aria-labelledby="featured-heading" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="featured-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {FEATURED.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Ready-made automations we set up for you, with clear one-time and monthly prices.
          </p>
        </div>
        {services.length ? (
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} orderLabel={FEATURED.order} />
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-12 text-center">
          <ButtonLink to="/services" variant="secondary" size="lg">
            {FEATURED.viewAll}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function ContactSection({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const settings = useSiteSettings();
  const whatsapp = whatsappUrl(settings.whatsappNumber, settings.workflowToolName);
  return (
    <section id="contact" aria-labelledby="contact-heading" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="contact-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {CONTACT.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Tell us what slows your team down. We will show you what can run on its own.
          </p>
        </div>
        <div className="mt-12 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <ContactForm lastResult={lastResult} />
          <aside
            aria-label="Contact information"
            className="space-y-6 rounded-2xl bg-slate-950 p-6 text-slate-200 sm:p-8"
          >
            <h3 className="text-xl font-semibold text-white">Contact information</h3>
            <ul className="space-y-4">
              {settings.supportEmail ? (
                <ContactLine icon={Mail} label="Email">
                  <a href={`mailto:${settings.supportEmail}`} className="break-all hover:text-white">
                    {settings.supportEmail}
                  </a>
                </ContactLine>
              ) : null}
              {settings.whatsappNumber ? (
                <ContactLine icon={MessageCircle} label="WhatsApp">
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
                <ContactLine icon={MapPin} label="Address">
                  {settings.businessAddress}
                </ContactLine>
              ) : null}
            </ul>
            <p className="flex items-start gap-3 rounded-xl bg-white/10 p-4 text-sm">
              <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-white" />
              <span>{CONTACT.replyPromise}</span>
            </p>
          </aside>
        </div>
      </div>
    </section>
  );
}

function ContactLine({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: React.ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-white/10">
        <Icon aria-hidden className="size-5 text-white" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-slate-400">{label}</span>
        <span className="block text-white">{children}</span>
      </span>
    </li>
  );
}

function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const action = useFormAction();
  const sending = navigation.state !== "idle" && navigation.formAction === action;
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    constraint: getZodConstraint(ContactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      aria-labelledby="contact-heading"
      className="relative space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <HoneypotField />
      <EnhancedFlag />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Name"
          errors={fields.name.errors}
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            autoComplete: "name",
            placeholder: "Your name",
          }}
        />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            placeholder: "you@company.com",
          }}
        />
      </div>
      <TextareaField
        label="Message"
        errors={fields.message.errors}
        textareaProps={{
          ...getTextareaProps(fields.message),
          rows: 5,
          placeholder: "What would you like to automate?",
        }}
      />
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        <Send aria-hidden className="size-4" />
        {sending ? CONTACT.sending : CONTACT.submit}
      </Button>
    </Form>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return publicPageMeta(matches, (settings) => ({ description: settings.homepageSubtext, path: "/" }));
}
