import { z } from "zod";

import { FIELD_ERRORS, ORDER_PAYMENT_TEXTS } from "~/copy/admin";
import { MANUAL_PAYMENT_PROVIDERS } from "~/lib/domain";

import { amount } from "./form-schemas";

// The order details' payment forms (app/components/admin/order-payments.tsx), checked with the
// same schemas in the browser and in the Orders screen's action.

/** At most two decimals: the amounts are stored as numeric(10, 2) and charged in cents. */
const quoteAmount = (label: string) =>
  amount(label).refine(
    (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    FIELD_ERRORS.tooPrecise(label),
  );

export const MarkPaidSchema = z.object({
  orderId: z.uuid(),
  method: z.enum(MANUAL_PAYMENT_PROVIDERS, { error: ORDER_PAYMENT_TEXTS.markPaid.methodInvalid }),
});

export const QuoteSchema = z.object({
  orderId: z.uuid(),
  setupPrice: quoteAmount(ORDER_PAYMENT_TEXTS.quote.setupPrice),
  monthlyPrice: quoteAmount(ORDER_PAYMENT_TEXTS.quote.monthlyPrice),
});

export const RequestPaymentSchema = z.object({ orderId: z.uuid() });
