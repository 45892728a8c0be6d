import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "react-router";

import { ActionBox } from "~/components/admin/action-box";
import { ChoiceField, FormFooter, NumberField, useSchemaForm } from "~/components/admin/form-fields";
import { formatDateTime } from "~/components/admin/format";
import { Options } from "~/components/admin/options";
import { useIsSubmitting } from "~/components/admin/pending";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { ORDER_PAYMENT_TEXTS } from "~/copy/admin";
import type { Order, Payment } from "~/db/schema";
import { MANUAL_PAYMENT_PROVIDERS, type PaymentTiming } from "~/lib/domain";
import { formatPrice } from "~/lib/pricing";
import { stripeDashboardUrl } from "~/lib/stripe-dashboard";

import { MarkPaidSchema, QuoteSchema, RequestPaymentSchema } from "./order-payment-forms";
import { Detail, DetailSection } from "./record-details";

// The order details' payments: what was received, the monthly subscription, and for a pending
// order the staff's own steps (mark as paid, request payment, a custom quote). Plain posts to the
// Orders screen's action, so each works without JavaScript.

const TEXTS = ORDER_PAYMENT_TEXTS;

export type PaymentFormIntent = "mark-paid" | "quote" | "request-payment";
type PaymentFormAnswer = { intent: PaymentFormIntent; result: SubmissionResult<string[]> } | undefined;

export function OrderPayments({
  order,
  payments,
  currency,
  stripeTestMode,
  paymentTiming,
}: {
  order: Order;
  payments: Payment[];
  currency: string;
  stripeTestMode: boolean;
  paymentTiming: PaymentTiming;
}) {
  // The route's action answers each of these forms with its intent and result.
  const answer = useActionData() as PaymentFormAnswer;
  const resultOf = (intent: PaymentFormIntent) => (answer?.intent === intent ? answer.result : undefined);
  return (
    <DetailSection id="order-payments-title" title={TEXTS.heading}>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Detail
          label={TEXTS.subscription}
          value={order.subscriptionState ? TEXTS.subscriptionStates[order.subscriptionState] : TEXTS.noSubscription}
        />
        {order.paymentRequestedAt ? (
          <Detail label={TEXTS.paymentRequested} value={formatDateTime(order.paymentRequestedAt)} />
        ) : null}
      </dl>
      {payments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{TEXTS.empty}</p>
      ) : (
        <PaymentTable payments={payments} stripeTestMode={stripeTestMode} />
      )}
      {order.status === "pending" ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <MarkPaidForm orderId={order.id} lastResult={resultOf("mark-paid")} />
          {paymentTiming === "after_confirm" ? (
            <RequestPaymentForm orderId={order.id} lastResult={resultOf("request-payment")} />
          ) : null}
          <QuoteForm order={order} currency={currency} lastResult={resultOf("quote")} />
        </div>
      ) : null}
    </DetailSection>
  );
}

const HEADINGS = ["date", "amount", "kind", "provider", "reference", "status"] as const;

function PaymentTable({ payments, stripeTestMode }: { payments: Payment[]; stripeTestMode: boolean }) {
  const columns = TEXTS.columns;
  return (
    <div className="mt-3 overflow-x-auto">
      <table aria-labelledby="order-payments-title" className="w-full text-left text-sm">
        <thead className="whitespace-nowrap text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {HEADINGS.map((key) => (
              <th key={key} scope="col" className="py-1 pr-3 font-medium last:pr-0">
                {columns[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {payments.map((payment) => {
            const link =
              payment.provider === "stripe" ? stripeDashboardUrl(payment.providerReference, stripeTestMode) : null;
            return (
              <tr key={payment.id}>
                <td className="py-1.5 pr-3">{formatDateTime(payment.paidAt)}</td>
                <td className="whitespace-nowrap py-1.5 pr-3">{formatPrice(payment.amount, payment.currency)}</td>
                <td className="whitespace-nowrap py-1.5 pr-3">{TEXTS.kinds[payment.kind]}</td>
                <td className="whitespace-nowrap py-1.5 pr-3">{TEXTS.providers[payment.provider]}</td>
                <td className="py-1.5 pr-3 break-all">
                  {link ? (
                    <a
                      href={link}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 text-brand hover:underline"
                    >
                      {payment.providerReference}
                      <Icon name="external-link" className="size-3" />
                      <span className="sr-only"> ({TEXTS.viewInStripe})</span>
                    </a>
                  ) : (
                    (payment.providerReference ?? "—")
                  )}
                </td>
                <td className="py-1.5">
                  <span className="flex flex-wrap gap-1">
                    <Badge tone={payment.status === "succeeded" ? "success" : "warning"}>
                      {payment.status === "succeeded" && payment.refundedAt
                        ? TEXTS.statuses.refunded
                        : TEXTS.statuses[payment.status]}
                    </Badge>
                    {payment.flagged ? <Badge tone="danger">{TEXTS.flagged}</Badge> : null}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function MarkPaidForm({ orderId, lastResult }: { orderId: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(MarkPaidSchema, {
    id: `mark-paid-${orderId}`,
    lastResult,
    defaultValue: { orderId, method: "bank_transfer" },
  });
  const submitting = useIsSubmitting({ intent: "mark-paid" });
  return (
    <ActionBox id="mark-paid-title" title={TEXTS.markPaid.heading} hint={TEXTS.markPaid.hint}>
      <Form method="post" preventScrollReset className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name={fields.orderId.name} value={orderId} />
        <ChoiceField label={TEXTS.markPaid.method} field={fields.method}>
          <Options values={MANUAL_PAYMENT_PROVIDERS} label={(provider) => TEXTS.providers[provider]} />
        </ChoiceField>
        <FormFooter form={form} submitting={submitting} intent="mark-paid">
          {TEXTS.markPaid.submit}
        </FormFooter>
      </Form>
    </ActionBox>
  );
}

function RequestPaymentForm({ orderId, lastResult }: { orderId: string; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(RequestPaymentSchema, {
    id: `request-payment-${orderId}`,
    lastResult,
    defaultValue: { orderId },
  });
  const submitting = useIsSubmitting({ intent: "request-payment" });
  return (
    <ActionBox id="request-payment-title" title={TEXTS.requestPayment.heading} hint={TEXTS.requestPayment.hint}>
      <Form method="post" preventScrollReset className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name={fields.orderId.name} value={orderId} />
        <FormFooter form={form} submitting={submitting} intent="request-payment">
          {TEXTS.requestPayment.submit}
        </FormFooter>
      </Form>
    </ActionBox>
  );
}

function QuoteForm({
  order,
  currency,
  lastResult,
}: {
  order: Order;
  currency: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(QuoteSchema, {
    id: `quote-${order.id}`,
    lastResult,
    defaultValue: {
      orderId: order.id,
      setupPrice: order.setupPrice.toFixed(2),
      monthlyPrice: order.monthlyPrice.toFixed(2),
    },
  });
  const submitting = useIsSubmitting({ intent: "quote" });
  return (
    <ActionBox id="quote-title" title={TEXTS.quote.heading} hint={TEXTS.quote.hint}>
      <Form method="post" preventScrollReset className="space-y-2" {...getFormProps(form)}>
        <input type="hidden" name={fields.orderId.name} value={order.id} />
        <NumberField label={`${TEXTS.quote.setupPrice} (${currency})`} field={fields.setupPrice} step="0.01" />
        <NumberField label={`${TEXTS.quote.monthlyPrice} (${currency})`} field={fields.monthlyPrice} step="0.01" />
        <FormFooter form={form} submitting={submitting} intent="quote">
          {TEXTS.quote.submit}
        </FormFooter>
      </Form>
    </ActionBox>
  );
}
