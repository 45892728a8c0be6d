import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, ClipboardList, Send } from "lucide-react";
import { useEffect } from "react";
import { Form, useFormAction, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import { ORDER, ORDER_REDIRECT_MS } from "~/copy/site";
import { EnhancedFlag, isEnhancedSubmission } from "~/components/site/enhanced-flag";
import { HoneypotField } from "~/components/site/honeypot-field";
import { publicPageMeta } from "~/components/site/page-meta";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, SelectField, TextareaField } from "~/components/ui/field";
import { getEnv } from "~/lib/env.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import { useHydrated } from "~/lib/hydrated";
import { log } from "~/lib/log.server";
import { firstMonthTotal, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { hitRateLimit } from "~/models/rate-limits.server";
import { clientIp } from "~/lib/request-context.server";
import { dataWithError, dataWithSuccess, redirectWithSuccess } from "~/services/toast.server";
import { createOrder, ServiceUnavailableError } from "~/models/orders.server";
import { listActiveServices } from "~/models/services.server";
import type { Route } from "./+types/order";

// Only what the visitor chooses: the service's name and prices come from the database.
const OrderSchema = z.object({
  clientName: z
    .string({ error: "Please enter your full name." })
    .trim()
    .min(1, "Please enter your full name.")
    .max(100, "Please keep your name under 100 characters."),
  clientPhone: z.string().trim().max(40, "Please enter a phone number of at most 40 characters.").optional(),
  clientEmail: z
    .email({
      error: (issue) =>
        issue.input === undefined ? "Please enter your email address." : "Please enter a valid email address.",
    })
    .max(254, "Please enter a valid email address."),
  serviceId: z.guid({ error: ORDER.serviceRequired.description }),
  notes: z.string().trim().max(5000, "Please keep the project details under 5000 characters.").optional(),
  terms: z.boolean({ error: ORDER.termsRequired.description }),
});

// In the browser the service choice is left to the action, so that a missing service is
// answered with the spec's 'Service Required' toast with JavaScript too. (Terms cannot be
// missing there: the submit button waits for them.)
const ClientOrderSchema = OrderSchema.extend({ serviceId: z.string().default("") });

const HOUR_MS = 60 * 60 * 1000;

export async function loader({ request }: Route.LoaderArgs) {
  const services = await listActiveServices();
  const requested = new URL(request.url).searchParams.get("service");
  return { services, preselected: services.find((service) => service.id === requested)?.id ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: OrderSchema });
  if (submission.status !== "success") {
    // The spec checks the terms first, then the service.
    const toast = submission.error?.terms
      ? ORDER.termsRequired
      : submission.error?.serviceId
        ? ORDER.serviceRequired
        : ORDER.failure;
    return dataWithError({ result: submission.reply() }, toast, { status: 400 });
  }
  if (isHoneypotFilled(formData)) {
    log.warn("order form honeypot filled", { ip: clientIp(context) });
    return dataWithError({ result: submission.reply() }, ORDER.failure, { status: 400 });
  }
  const limit = await hitRateLimit(`orders:${clientIp(context)}`, getEnv().ORDERS_PER_HOUR, HOUR_MS);
  if (!limit.allowed) {
    return dataWithError({ result: submission.reply() }, ORDER.failure, {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const { terms: _agreed, ...order } = submission.value;
  try {
    await createOrder(order);
  } catch (error) {
    if (error instanceof ServiceUnavailableError) {
      const result = submission.reply({ fieldErrors: { serviceId: [ORDER.serviceUnavailable] } });
      return dataWithError({ result }, ORDER.failure, { status: 400 });
    }
    log.error("storing an order failed", { error });
    return dataWithError({ result: submission.reply() }, ORDER.failure, { status: 500 });
  }
  if (isEnhancedSubmission(formData)) {
    return dataWithSuccess({ result: submission.reply({ resetForm: true }), submitted: true }, ORDER.success);
  }
  return redirectWithSuccess("/order/submitted", ORDER.success);
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { services, preselected } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const formAction = useFormAction();
  const submitting = navigation.state !== "idle" && navigation.formAction === formAction;
  const [form, fields] = useForm({
    id: "order-form",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: { serviceId: preselected },
    constraint: getZodConstraint(OrderSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ClientOrderSchema }),
  });
  const selected = services.find((service) => service.id === fields.serviceId.value) ?? null;
  const termsTicked = fields.terms.value === "on";
  const submitted = actionData !== undefined && "submitted" in actionData;

  // The spec: after a successful order, the visitor is sent home after 3 seconds.
  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => navigate("/"), ORDER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [submitted, actionData, navigate]);

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <div className="max-w-2xl">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{ORDER.heading}</h1>
          <p className="mt-4 text-lg text-slate-600">
            Tell us about your project. There is nothing to pay now: we confirm the details with you first.
          </p>
        </div>
        <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Form
            method="post"
            {...getFormProps(form)}
            aria-labelledby="order-form-heading"
            className="relative space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            <h2 id="order-form-heading" className="text-xl font-semibold text-slate-900">
              Your details
            </h2>
            <HoneypotField />
            <EnhancedFlag />
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                label="Full Name"
                errors={fields.clientName.errors}
                inputProps={{ ...getInputProps(fields.clientName, { type: "text" }), autoComplete: "name" }}
              />
              <Field
                label="Phone Number"
                errors={fields.clientPhone.errors}
                inputProps={{ ...getInputProps(fields.clientPhone, { type: "tel" }), autoComplete: "tel" }}
              />
            </div>
            <Field
              label="Email Address"
              errors={fields.clientEmail.errors}
              inputProps={{ ...getInputProps(fields.clientEmail, { type: "email" }), autoComplete: "email" }}
            />
            <SelectField
              label="Select Service"
              errors={fields.serviceId.errors}
              selectProps={getSelectProps(fields.serviceId)}
            >
              <option value="">Choose a service</option>
              {services.map((service) => (
                <option key={service.id} value={service.id}>
                  {serviceOptionLabel(service)}
                </option>
              ))}
            </SelectField>
            <TextareaField
              label="Project Details"
              errors={fields.notes.errors}
              textareaProps={{
                ...getTextareaProps(fields.notes),
                rows: 6,
                placeholder: "Which tools do you use, and what should the automation do?",
              }}
            />
            <CheckboxField
              label="I agree to the terms and conditions"
              errors={fields.terms.errors}
              inputProps={getInputProps(fields.terms, { type: "checkbox" })}
            />
            <Button type="submit" size="lg" className="w-full" disabled={submitting || (hydrated && !termsTicked)}>
              <Send aria-hidden className="size-4" />
              {submitting ? ORDER.submitting : ORDER.submit}
            </Button>
          </Form>

          <aside aria-label="Order summary and next steps" className="space-y-6 lg:sticky lg:top-24">
            <OrderSummary service={selected} />
            <section
              aria-labelledby="next-steps-heading"
              className="rounded-2xl bg-slate-950 p-6 text-slate-200 sm:p-8"
            >
              <h2 id="next-steps-heading" className="text-lg font-semibold text-white">
                {ORDER.nextHeading}
              </h2>
              <ol className="mt-4 space-y-3">
                {ORDER.nextSteps.map((step) => (
                  <li key={step} className="flex items-start gap-3">
                    <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-400" />
                    <span>{step}</span>
                  </li>
                ))}
              </ol>
            </section>
          </aside>
        </div>
      </div>
    </div>
  );
}

type ServiceRow = Route.ComponentProps["loaderData"]["services"][number];

function serviceOptionLabel(service: ServiceRow): string {
  const monthly = hasMonthlyPrice(service.monthlyPrice) ? ` + ${formatPrice(service.monthlyPrice)}/mo` : "";
  return `${service.name} - ${formatPrice(service.setupPrice)}${monthly}`;
}

function OrderSummary({ service }: { service: ServiceRow | null }) {
  return (
    <section
      aria-labelledby="summary-heading"
      aria-live="polite"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="summary-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ClipboardList aria-hidden className="size-5 text-brand" />
        {ORDER.summaryHeading}
      </h2>
      {service ? (
        <>
          <p className="mt-4 font-semibold text-slate-900">{service.name}</p>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">{service.description}</p>
          <dl className="mt-5 space-y-2 border-t border-slate-100 pt-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{ORDER.setupFee}</dt>
              <dd className="font-medium text-slate-900">{formatPrice(service.setupPrice)}</dd>
            </div>
            {hasMonthlyPrice(service.monthlyPrice) ? (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{ORDER.firstMonth}</dt>
                <dd className="font-medium text-slate-900">{formatPrice(service.monthlyPrice)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 border-t border-slate-100 pt-3 text-base">
              <dt className="font-semibold text-slate-900">{ORDER.total}</dt>
              <dd className="font-bold text-brand">
                {formatPrice(firstMonthTotal(service.setupPrice, service.monthlyPrice))}
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="mt-4 text-sm text-slate-600">{ORDER.summaryEmpty}</p>
      )}
    </section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return publicPageMeta(matches, (settings) => ({
    title: "Order a Service",
    description: `Request a ${settings.workflowToolName} automation from ${settings.companyName}: choose a service, tell us about your project, and we reply within 24 hours.`,
    path: "/order",
  }));
}
