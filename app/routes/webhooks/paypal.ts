import { PAYPAL_WEBHOOK_ANSWERS as ANSWERS, PAYPAL_WEBHOOK_GET } from "~/copy/payment-events";
import { receivePayPalEvent } from "~/services/payments/paypal-events.server";

import type { Route } from "./+types/paypal";

// PayPal's webhook endpoint: a resource route, posted JSON that server/app.ts lets through unparsed
// on this path, since PayPal verifies the exact event it sent. PayPal sends no Origin, so the
// cross-site check lets it pass; PayPal's verify-webhook-signature answer is what proves the sender.

export function loader() {
  return new Response(PAYPAL_WEBHOOK_GET, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const outcome = await receivePayPalEvent(await request.text(), request.headers);
  const answer = ANSWERS[outcome];
  return new Response(answer.text, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
