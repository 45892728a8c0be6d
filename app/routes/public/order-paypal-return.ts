import { data, redirect } from "react-router";
import { z } from "zod";

import { getOrderByStatusToken } from "~/models/orders.server";
import { capturePayPalReturn } from "~/services/payments/paypal.server";
import { activatePayPalReturn, PAYPAL_SUBSCRIPTION_ID } from "~/services/payments/paypal-subscriptions.server";

import type { Route } from "./+types/order-paypal-return";

// PayPal's return_url (app/services/payments/paypal.server.ts): PayPal sends the client here with
// a GET once they approved, and only a capture takes the money, so this GET captures. It is safe to
// repeat: a second capture of the same order is refused by PayPal and records nothing new. A
// monthly order's subscription comes back here too, with its id as `subscription_id`.

const StatusTokenSchema = z.string().regex(/^[0-9a-f]{64}$/);
// PayPal adds its order id as `token` (and the payer as PayerID, not needed for a capture).
const PayPalOrderIdSchema = z.string().regex(/^[A-Z0-9]{1,36}$/);
const SubscriptionIdSchema = z.string().regex(PAYPAL_SUBSCRIPTION_ID);

export async function loader({ params, request }: Route.LoaderArgs) {
  const token = StatusTokenSchema.safeParse(params.token);
  const order = token.success ? await getOrderByStatusToken(token.data) : null;
  if (!order) throw data(null, { status: 404 });
  const statusPath = `/order/status/${order.statusToken}`;
  const query = new URL(request.url).searchParams;
  const subscriptionId = SubscriptionIdSchema.safeParse(query.get("subscription_id"));
  const paypalOrderId = PayPalOrderIdSchema.safeParse(query.get("token"));
  if (order.status !== "pending") return redirect(statusPath, 303);
  const outcome = subscriptionId.success
    ? await activatePayPalReturn(order, subscriptionId.data)
    : paypalOrderId.success
      ? await capturePayPalReturn(order, paypalOrderId.data)
      : null;
  if (outcome === null) return redirect(statusPath, 303);
  const payment = outcome === "paid" || outcome === "pending" ? "success" : "cancelled";
  return redirect(`${statusPath}?payment=${payment}`, 303);
}
