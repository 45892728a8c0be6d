import { CAL_WEBHOOK_ANSWERS as ANSWERS, CAL_WEBHOOK_GET } from "~/copy/booking";
import { receiveCalWebhook } from "~/services/bookings.server";

import type { Route } from "./+types/cal";

// Cal.com's booking webhook: a resource route, posted JSON that server/app.ts lets through unparsed
// on this path, since the signature covers the exact bytes.

export function loader() {
  return new Response(CAL_WEBHOOK_GET, {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const outcome = await receiveCalWebhook(await request.text(), request.headers.get("X-Cal-Signature-256"));
  const answer = ANSWERS[outcome];
  return new Response(answer.text, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
