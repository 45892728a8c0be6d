import { receiveStripeEvent } from "~/services/payments/stripe-events.server";
import type { Route } from "./+types/stripe";

// Stripe's webhook endpoint: a resource route, posted JSON that server/app.ts lets through unparsed
// on this path only, since the signature covers the exact bytes. Stripe sends no Origin, so the
// cross-site check lets it pass; the signature is what proves the sender.

const ANSWERS = {
  handled: { status: 200, text: "Received." },
  duplicate: { status: 200, text: "Already received." },
  // Stripe would retry an event for an order that is not here for days: it is taken, and logged.
  unmatched: { status: 200, text: "Received; nothing here matches it." },
  not_configured: { status: 400, text: "Stripe webhooks are not set up on this site." },
  unverified: { status: 400, text: "The Stripe signature could not be verified." },
} as const;

export function loader() {
  return new Response("Stripe posts its events here.", {
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
