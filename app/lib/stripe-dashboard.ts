// Links from the admin's order details to a payment in Stripe's dashboard, which has one address
// per kind of object and a /test/ part for test mode (docs/payments.md, "In the admin").

const DASHBOARD = "https://dashboard.stripe.com";

/** Whether a Stripe secret key (or restricted key) is a test-mode key. */
export function isStripeTestKey(secretKey: string | null): boolean {
  return secretKey !== null && /^(sk|rk)_test_/.test(secretKey);
}

/** The dashboard page of a payment intent (pi_…) or an invoice (in_…); null for other references. */
export function stripeDashboardUrl(reference: string | null, testMode: boolean): string | null {
  const mode = testMode ? "/test" : "";
  if (reference?.startsWith("pi_")) return `${DASHBOARD}${mode}/payments/${encodeURIComponent(reference)}`;
  if (reference?.startsWith("in_")) return `${DASHBOARD}${mode}/invoices/${encodeURIComponent(reference)}`;
  return null;
}
