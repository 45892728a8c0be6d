import { Button } from "~/components/ui/button";
import { PAYING } from "~/copy/site";

export const PAYMENT_INTENTS = ["pay", "paypal", "billing"] as const;
export type PaymentIntent = (typeof PAYMENT_INTENTS)[number];

const BUTTONS: Record<PaymentIntent, { label: string; hint: string; variant: "primary" | "secondary" }> = {
  pay: { label: PAYING.payNow, hint: PAYING.payNowHint, variant: "primary" },
  paypal: { label: PAYING.payWithPayPal, hint: PAYING.payWithPayPalHint, variant: "secondary" },
  billing: { label: PAYING.manageBilling, hint: PAYING.manageBillingHint, variant: "secondary" },
};

/**
 * "Pay now", "Pay with PayPal" or "Manage billing": a plain form posted to the order's status
 * page, whose action answers with a redirect to Stripe or PayPal. A document post, with or without JavaScript, since the
 * browser leaves the site for the provider's page.
 */
export function PaymentForm({ statusPath, intent }: { statusPath: string; intent: PaymentIntent }) {
  const button = BUTTONS[intent];
  return (
    <form method="post" action={statusPath} className="mt-6">
      <Button type="submit" name="intent" value={intent} variant={button.variant} size="lg">
        {button.label}
      </Button>
      <p className="mt-2 text-sm text-slate-600">{button.hint}</p>
    </form>
  );
}
