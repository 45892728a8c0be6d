import { providerWebhookAnswers, UNMATCHED_EVENT } from "./provider-webhooks";

// What the payment providers' events write and mail (docs/product.md, 11.2): the notes staff see
// on a payment, and the payment emails. The tests read them from docs/product.md.

export const PAYMENT_EVENT_TEXTS = {
  /** The order's payment method once paid through Stripe's checkout. */
  stripeMethod: "Stripe",
  /** The order's payment method once paid through PayPal. */
  paypalMethod: "PayPal",
  flaggedNote: "The order was already paid when this payment came in: check whether it was paid twice.",
  partlyRefundedNote: "Partly refunded: see the payment with the provider.",
} as const;

export const PAYMENT_EMAIL_TEXTS = {
  provider: { stripe: "Stripe", paypal: "PayPal", bank_transfer: "bank transfer", cash: "cash", other: "other" },
  kind: {
    setupWithMonth: "Setup fee and first month",
    setup: "Setup fee",
    monthly: "Monthly support",
  },
  amount: "Amount",
  payment: "Payment",
  reference: "Reference",
  clientReceipt: {
    subject: (companyName: string, serviceName: string) => `Payment received by ${companyName}: ${serviceName}`,
    intro: (amount: string, companyName: string) => `Thank you: ${companyName} received your payment of ${amount}.`,
  },
  staffSucceeded: {
    subject: (amount: string, clientName: string) => `Payment received: ${amount} from ${clientName}`,
    intro: (clientName: string, amount: string, provider: string) =>
      `${clientName} paid ${amount} through ${provider}.`,
  },
  staffFlagged: {
    subject: (amount: string, clientName: string) => `Check this payment: ${amount} from ${clientName}`,
    intro: (clientName: string, amount: string, provider: string) =>
      `${clientName} paid ${amount} through ${provider} for an order that was already paid. Check whether it was paid twice, and refund one if so.`,
  },
  staffFailed: {
    subject: (amount: string, clientName: string) => `Payment failed: ${amount} from ${clientName}`,
    intro: (clientName: string, amount: string, provider: string) =>
      `A payment of ${amount} from ${clientName} through ${provider} failed. The order shows the subscription as past due until a payment succeeds.`,
  },
  staffCancelled: {
    subject: (serviceName: string, clientName: string) => `Subscription cancelled: ${serviceName} for ${clientName}`,
    intro: (clientName: string, serviceName: string) =>
      `${clientName}'s monthly subscription for ${serviceName} was cancelled: no further monthly payments will be taken.`,
  },
} as const;

// What /webhooks/stripe and /webhooks/paypal answer.
export const STRIPE_WEBHOOK_ANSWERS = { ...providerWebhookAnswers("Stripe"), unmatched: UNMATCHED_EVENT };
export const STRIPE_WEBHOOK_GET = "Stripe posts its events here.";

export const PAYPAL_WEBHOOK_ANSWERS = {
  ...providerWebhookAnswers("PayPal"),
  unmatched: UNMATCHED_EVENT,
  // PayPal retries a delivery that is not answered with 2xx: this one could not be checked yet.
  unavailable: { status: 503, text: "PayPal could not be reached to verify this event; send it again." },
};
export const PAYPAL_WEBHOOK_GET = "PayPal posts its events here.";
