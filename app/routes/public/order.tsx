import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useEffect } from "react";
import { Link, useFormAction, useNavigate, useNavigation } from "react-router";
import { z } from "zod";

import { OnwardLinks } from "~/components/site/onward-links";
import { OrderStatusLink } from "~/components/site/order-status-link";
import { publicPageMeta } from "~/components/site/page-meta";
import { CaseStudyLinks, TestimonialCard } from "~/components/site/proof";
import { InputFields, type InputSpec, MessageField, PublicForm, usePublicForm } from "~/components/site/public-form";
import { useCurrency } from "~/components/site/use-site-settings";
import { Button } from "~/components/ui/button";
import { CheckboxField, SelectField } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { TitledSection } from "~/components/ui/titled-section";
import { SERVICE_PROOF } from "~/copy/proof";
import { FORM_INVALID, ORDER, ORDER_REDIRECT_MS, VISITOR_FIELD_ERRORS } from "~/copy/site";
import { getEnv } from "~/lib/env.server";
import { useHydrated } from "~/lib/hydrated";
import { firstMonthTotal, formatMonthlyPrice, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { retryAfterHeaders } from "~/lib/retry-after";
import { optionalText, requiredText, VISITOR_EMAIL } from "~/lib/visitor-fields";
import type { CaseStudyLink } from "~/models/case-studies.server";
import { createOrder, ServiceUnavailableError } from "~/models/orders.server";
import { type PublicService, toPublicService } from "~/models/services.server";
import { orderIntro, siteNextSteps } from "~/models/site-settings.server";
import type { PublicTestimonial } from "~/models/testimonials.server";
import { readActiveServices, readServiceProof, readSiteSettings } from "~/services/last-known.server";
import { type OrderReceipt, orderReceipt, orderReceiptHeaders } from "~/services/order-receipt.server";
import { onlinePaymentTiming } from "~/services/payments/stripe.server";
import { FORM_LIMIT_KEYS, publicFormAction } from "~/services/public-form.server";

import type { Route } from "./+types/order";

// Only what the visitor chooses: the service's name and prices come from the database.
const ORDER_LIMITS = { clientName: 100, clientPhone: 40, notes: 5000 } as const;

const OrderSchema = z.object({
  clientName: requiredText(ORDER_LIMITS.clientName, {
    missing: ORDER.errors.clientNameMissing,
    tooLong: VISITOR_FIELD_ERRORS.nameTooLong(ORDER_LIMITS.clientName),
  }),
  clientPhone: optionalText(ORDER_LIMITS.clientPhone, ORDER.errors.clientPhoneTooLong(ORDER_LIMITS.clientPhone)),
  clientEmail: VISITOR_EMAIL,
  notes: optionalText(ORDER_LIMITS.notes, ORDER.errors.notesTooLong(ORDER_LIMITS.notes)),
  terms: z.boolean({ error: ORDER.termsRequired.description }),
  serviceId: z.guid({ error: ORDER.serviceRequired.description }),
});

const CLIENT_INPUTS: ReadonlyArray<InputSpec<"clientName" | "clientPhone" | "clientEmail">> = [
  { name: "clientName", type: "text", autoComplete: "name" },
  { name: "clientPhone", type: "tel", autoComplete: "tel" },
  { name: "clientEmail", type: "email", autoComplete: "email", wide: true },
];

export async function loader({ request }: Route.LoaderArgs) {
  const services = (await readActiveServices()).map(toPublicService);
  const requested = new URL(request.url).searchParams.get("service");
  const [onlinePayment, proof] = await Promise.all([onlinePaymentTiming(), readServiceProof()]);
  return {
    services,
    // Only for the services the form offers: the summary shows the chosen one's.
    proof: {
      caseStudies: Object.fromEntries(services.map((service) => [service.id, proof.caseStudies[service.id]])),
      testimonials: Object.fromEntries(services.map((service) => [service.id, proof.testimonials[service.id]])),
    },
    preselected: services.find((service) => service.id === requested)?.id ?? "",
    nextSteps: siteNextSteps(await readSiteSettings(), onlinePayment),
    intro: orderIntro(onlinePayment),
  };
}

export function action(args: Route.ActionArgs) {
  return publicFormAction(args, {
    name: "order",
    schema: OrderSchema,
    toasts: ORDER,
    // The spec checks the terms first, then the service.
    invalidToast: (errors) =>
      errors.terms ? ORDER.termsRequired : errors.serviceId ? ORDER.serviceRequired : FORM_INVALID,
    rateLimit: { key: FORM_LIMIT_KEYS.order, perHour: getEnv().ORDERS_PER_HOUR },
    store: ({ terms: _agreed, ...order }) => createOrder(order),
    refusedFields: (error) =>
      error instanceof ServiceUnavailableError ? { serviceId: [ORDER.serviceUnavailable] } : undefined,
    redirectTo: "/order/submitted",
    redirectHeaders: (placed) => orderReceiptHeaders(placed),
    redirectShowsSuccess: true,
    stored: async (placed) => ({ receipt: await orderReceipt(args.request, placed) }),
  });
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { services, preselected, nextSteps, intro, proof } = loaderData;
  const currency = useCurrency();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formAction = useFormAction();
  const submitting = navigation.state !== "idle" && navigation.formAction === formAction;
  const [form, fields] = usePublicForm(OrderSchema, {
    id: "order-form",
    lastResult: actionData?.result,
    defaultValue: { serviceId: preselected },
  });
  const selected = services.find((service) => service.id === fields.serviceId.value) ?? null;
  const termsTicked = fields.terms.value === "on";
  const waitingForTerms = hydrated && !termsTicked && !submitting;
  // The action's answers share `result`, so TypeScript folds the success's `receipt` into the refusals' type.
  const receipt = actionData && "receipt" in actionData ? (actionData.receipt as OrderReceipt) : null;

  // The spec: after a successful order, the visitor is sent home after 3 seconds; but a status link
  // that no email carries needs the visitor's attention, so the page stays until they leave it.
  useEffect(() => {
    // A booking link is the next step too: the page stays for it.
    if (!receipt?.emailed || receipt.bookingUrl) return;
    const timer = setTimeout(() => navigate("/"), ORDER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [receipt, navigate]);

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <div className="max-w-2xl">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{ORDER.heading}</h1>
          <p className="mt-4 text-lg text-slate-600">{intro}</p>
        </div>
        <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {receipt ? (
            <div>
              <OrderStatusLink {...receipt} />
              <OnwardLinks />
            </div>
          ) : (
            <PublicForm {...getFormProps(form)} labelledBy="order-form-heading">
              <h2 id="order-form-heading" className="text-xl font-semibold text-slate-900">
                {ORDER.formHeading}
              </h2>
              <InputFields fields={fields} inputs={CLIENT_INPUTS} texts={ORDER.fields} />
              <SelectField
                label={ORDER.fields.serviceId.label}
                errors={fields.serviceId.errors}
                reserveErrorLine
                selectProps={getSelectProps(fields.serviceId)}
              >
                <option value="">{ORDER.fields.serviceId.placeholder}</option>
                {services.map((service) => (
                  <option key={service.id} value={service.id}>
                    {serviceOptionLabel(service, currency)}
                  </option>
                ))}
              </SelectField>
              <MessageField field={fields.notes} rows={6} texts={ORDER.fields.notes} />
              <CheckboxField
                label={
                  <>
                    {ORDER.fields.terms.before}
                    {/* A new tab, so the visitor's filled-in form stays as it is. */}
                    <Link
                      to="/terms"
                      target="_blank"
                      className="font-medium text-indigo-700 underline hover:text-indigo-900"
                    >
                      {ORDER.fields.terms.link}
                    </Link>
                  </>
                }
                errors={fields.terms.errors}
                reserveErrorLine
                inputProps={getInputProps(fields.terms, { type: "checkbox" })}
              />
              <Button
                type="submit"
                size="lg"
                className="w-full"
                disabled={submitting || waitingForTerms}
                aria-describedby={waitingForTerms ? "order-submit-hint" : undefined}
              >
                <Icon name="send" className="size-4" />
                {submitting ? ORDER.submitting : ORDER.submit}
              </Button>
              {/* A disabled button says nothing by itself: what it waits for is written beside it. */}
              {waitingForTerms ? (
                <p id="order-submit-hint" className="-mt-3 text-center text-sm text-slate-600">
                  {ORDER.submitWaitsForTerms}
                </p>
              ) : null}
            </PublicForm>
          )}

          <aside aria-label={ORDER.asideLabel} className="space-y-6 lg:sticky lg:top-24">
            <OrderSummary
              service={selected}
              caseStudies={selected ? proof.caseStudies[selected.id] : undefined}
              testimonial={selected ? proof.testimonials[selected.id] : undefined}
            />
            <TitledSection
              title={ORDER.nextHeading}
              titleClassName="text-lg font-semibold text-white"
              className="rounded-2xl bg-slate-950 p-6 text-slate-200 sm:p-8"
            >
              <ol className="mt-4 space-y-3">
                {nextSteps.map((step, index) => (
                  <li key={index} className="flex items-start gap-3">
                    <Icon name="circle-check" className="mt-0.5 size-5 shrink-0 text-emerald-400" />
                    <span>{step}</span>
                  </li>
                ))}
              </ol>
            </TitledSection>
          </aside>
        </div>
      </div>
    </div>
  );
}

function serviceOptionLabel(service: PublicService, currency: string): string {
  const monthly = hasMonthlyPrice(service.monthlyPrice)
    ? ` + ${formatMonthlyPrice(service.monthlyPrice, currency)}`
    : "";
  return `${service.name} - ${formatPrice(service.setupPrice, currency)}${monthly}`;
}

function OrderSummary({
  service,
  caseStudies,
  testimonial,
}: {
  service: PublicService | null;
  caseStudies: CaseStudyLink[] | undefined;
  testimonial: PublicTestimonial | undefined;
}) {
  const currency = useCurrency();
  return (
    <TitledSection
      title={
        <>
          <Icon name="clipboard-list" className="size-5 text-brand" />
          {ORDER.summaryHeading}
        </>
      }
      titleClassName="flex items-center gap-2 text-lg font-semibold text-slate-900"
      aria-live="polite"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      {service ? (
        <>
          <p className="mt-4 font-semibold text-slate-900">{service.name}</p>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{service.description}</p>
          <dl className="mt-5 space-y-2 border-t border-slate-100 pt-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{ORDER.setupFee}</dt>
              <dd className="font-medium text-slate-900">{formatPrice(service.setupPrice, currency)}</dd>
            </div>
            {hasMonthlyPrice(service.monthlyPrice) ? (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{ORDER.firstMonth}</dt>
                <dd className="font-medium text-slate-900">{formatPrice(service.monthlyPrice, currency)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 border-t border-slate-100 pt-3 text-base">
              <dt className="font-semibold text-slate-900">{ORDER.total}</dt>
              <dd className="font-bold text-brand">
                {formatPrice(firstMonthTotal(service.setupPrice, service.monthlyPrice), currency)}
              </dd>
            </div>
          </dl>
          {caseStudies?.length || testimonial ? (
            <div className="mt-5 space-y-4 border-t border-slate-100 pt-4">
              {caseStudies?.length ? (
                <div>
                  <p className="text-sm font-semibold text-slate-900">{SERVICE_PROOF.relatedHeading}</p>
                  <CaseStudyLinks links={caseStudies} className="mt-2" />
                </div>
              ) : null}
              {testimonial ? <TestimonialCard testimonial={testimonial} compact /> : null}
            </div>
          ) : null}
        </>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{ORDER.summaryEmpty}</p>
      )}
    </TitledSection>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return publicPageMeta(matches, (settings) => ({
    title: ORDER.metaTitle,
    description: ORDER.metaDescription(settings.companyName, settings.workflowToolName),
    path: "/order",
  }));
}

export const headers = retryAfterHeaders;
