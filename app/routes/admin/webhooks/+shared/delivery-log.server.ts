import { TOASTS } from "~/copy/admin";
import { DeliveryIdSchema, deliveryInLog, type DeliveryLogFilter } from "~/models/event-webhooks.server";
import { requeueDelivery } from "~/models/outbox.server";
import { errorDescription, notFound } from "~/routes/admin/+shared/route-helpers.server";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";

/** Where a log's form returns: the same page of the same log. */
export function backTo(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Redeliver: the delivery starts its schedule again under the same webhook-id. Only a delivery
 * the log `filter` shows: a form cannot reach another webhook's deliveries through this page.
 * `whyNot` says why an event of that type cannot go out now (its webhook or channel is off), in
 * which case nothing is queued: the worker would only cancel it.
 */
export async function redeliverAction(
  formData: FormData,
  filter: DeliveryLogFilter,
  back: string,
  whyNot: (eventType: string) => string | null,
) {
  const id = DeliveryIdSchema.safeParse(formData.get("deliveryId"));
  const delivery = id.success ? await deliveryInLog(id.data, filter) : undefined;
  if (!id.success || !delivery) notFound("delivery");
  const off = whyNot(delivery.eventType);
  if (off) return redirectWithError(back, TOASTS.redeliveryOff(off));
  let queued;
  try {
    queued = await requeueDelivery(id.data);
  } catch (error) {
    return redirectWithError(back, { message: TOASTS.redeliveryError, description: errorDescription(error) });
  }
  if (!queued) notFound("delivery");
  return redirectWithSuccess(back, TOASTS.redeliveryQueued);
}
