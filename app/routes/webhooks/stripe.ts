import { STRIPE_WEBHOOK_ANSWERS as ANSWERS, STRIPE_WEBHOOK_GET } from "~/copy/payment-events";
import { receiveStripeEvent } from "~/services/payments/stripe-events.server";

import type { Route } from "./+types/stripe";

// Stripe's webhook endpoint: a resource route, posted JSON that server/app.ts lets through unparsed
// on this path only, since the signature covers the exact bytes. Stripe sends no Origin, so the
// cross-site check lets it pass; the signature is what proves the sender.

export function loader() {
  return new Response(STRIPE_WEBHOOK_GET, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const outcome = await receiveStripeEvent(await request.text(), request.headers.get("Stripe-Signature"));
  const answer = ANSWERS[outcome];
  return new Response(answer.text, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
