import { createCookie } from "react-router";
import { z } from "zod";

import { bookingLink } from "~/lib/booking";
import { signedCookieOptions } from "~/lib/cookie-options.server";
import { siteOrigin } from "~/lib/site-url.server";
import { readPublicIntegrations } from "~/services/last-known.server";
import { emailEnabled } from "~/services/outbox/channels.server";
import { clientConfirmationsUsedUp } from "~/services/outbox/email.server";
import { paysWithPayPalRightAfterOrder } from "~/services/payments/paypal.server";
import { paysRightAfterOrder } from "~/services/payments/stripe.server";

// The link from the order-submitted page to the new order's status page. The token
// opens the order, so it never goes in a URL the page cache could keep or a Referer could carry:
// it rides from the order's redirect to that one page in a signed cookie, read once, with whether
// the link was emailed (so that page reads no table, and answers during a database outage). A
// visitor holding it never gets a cached page (app/services/page-cache/request.server.ts).

export const ORDER_RECEIPT_COOKIE = "order_receipt";
const SUBMITTED_PATH = "/order/submitted";
/** Long enough for the redirect, however slow the connection. */
const RECEIPT_MAX_AGE_S = 600;
const ReceiptCookieSchema = z.object({
  statusToken: z.string().regex(/^[0-9a-f]{64}$/),
  emailed: z.boolean(),
  payNow: z.boolean().default(false),
  payWithPayPal: z.boolean().default(false),
  bookingUrl: z.url().max(4000).nullable().default(null),
});

type PlacedOrder = {
  statusToken: string;
  clientName: string;
  clientEmail: string;
  setupPrice: number;
  monthlyPrice: number;
};

function receiptCookie() {
  return createCookie(ORDER_RECEIPT_COOKIE, {
    ...signedCookieOptions(),
    path: SUBMITTED_PATH,
    maxAge: RECEIPT_MAX_AGE_S,
  });
}

/** The Set-Cookie of the order's redirect to the order-submitted page. */
export async function orderReceiptHeaders(order: PlacedOrder): Promise<Headers> {
  const receipt = {
    statusToken: order.statusToken,
    emailed: await linkEmailed(order.clientEmail),
    payNow: await paysRightAfterOrder(order),
    payWithPayPal: await paysWithPayPalRightAfterOrder(order),
    bookingUrl: await orderBookingUrl(order),
  };
  return new Headers({ "Set-Cookie": await receiptCookie().serialize(receipt) });
}

/** The receipt the cookie carries, if any, and the headers that delete the cookie. */
export async function takeOrderReceipt(request: Request): Promise<{ receipt: OrderReceipt; headers: Headers } | null> {
  const cookie = receiptCookie();
  const parsed = ReceiptCookieSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  if (!parsed.success) return null;
  return {
    receipt: {
      statusUrl: orderStatusUrl(request, parsed.data.statusToken),
      emailed: parsed.data.emailed,
      payNow: parsed.data.payNow,
      payWithPayPal: parsed.data.payWithPayPal,
      bookingUrl: parsed.data.bookingUrl,
    },
    headers: new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) }),
  };
}

/** What the client is shown of a new order: its status page's address, and whether email has it too. */
export interface OrderReceipt {
  statusUrl: string;
  emailed: boolean;
  /** The order can be paid at once: the receipt offers "Pay now" (docs/payments.md, "Paying"). */
  payNow: boolean;
  /** The same with PayPal: the receipt offers "Pay with PayPal" (docs/payments.md, "PayPal"). */
  payWithPayPal: boolean;
  /** The booking page, prefilled for this client, when one is set (docs/product.md §14.2). */
  bookingUrl: string | null;
}

/** The whole address of an order's status page: on SITE_URL's origin, else on the request's. */
export function orderStatusUrl(request: Request, statusToken: string): string {
  return `${siteOrigin() ?? new URL(request.url).origin}/order/status/${statusToken}`;
}

/**
 * Whether the confirmation will carry the link: the site sends email and the address has not had
 * its confirmations for the day (past them, the link on screen is the client's only copy).
 */
async function linkEmailed(clientEmail: string): Promise<boolean> {
  return emailEnabled() && !(await clientConfirmationsUsedUp(clientEmail));
}

/** The receipt of a new order, for the one visitor who placed it (never the page cache). */
export async function orderReceipt(request: Request, order: PlacedOrder): Promise<OrderReceipt> {
  return {
    statusUrl: orderStatusUrl(request, order.statusToken),
    emailed: await linkEmailed(order.clientEmail),
    payNow: await paysRightAfterOrder(order),
    payWithPayPal: await paysWithPayPalRightAfterOrder(order),
    bookingUrl: await orderBookingUrl(order),
  };
}

/** The booking page for the client who placed the order, with their name and email where it takes them. */
async function orderBookingUrl(order: PlacedOrder): Promise<string | null> {
  const { bookingPageUrl } = await readPublicIntegrations();
  return bookingLink(bookingPageUrl, { name: order.clientName, email: order.clientEmail });
}
