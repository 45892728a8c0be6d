import { createCookie } from "react-router";
import { signedCookieOptions } from "~/lib/cookie-options.server";
import { siteOrigin } from "~/lib/site-url.server";
import { emailEnabled } from "~/services/outbox/channels.server";

// The link from the order-submitted page to the new order's status page. The token
// opens the order, so it never goes in a URL the page cache could keep or a Referer could carry:
// it rides from the order's redirect to that one page in a signed cookie, read once. A visitor
// holding it never gets a cached page (app/services/page-cache/request.server.ts).

export const ORDER_RECEIPT_COOKIE = "order_receipt";
const SUBMITTED_PATH = "/order/submitted";
/** Long enough for the redirect, however slow the connection. */
const RECEIPT_MAX_AGE_S = 600;
const STATUS_TOKEN = /^[0-9a-f]{64}$/;

function receiptCookie() {
  return createCookie(ORDER_RECEIPT_COOKIE, {
    ...signedCookieOptions(),
    path: SUBMITTED_PATH,
    maxAge: RECEIPT_MAX_AGE_S,
  });
}

/** The Set-Cookie of the order's redirect to the order-submitted page. */
export async function orderReceiptHeaders(statusToken: string): Promise<Headers> {
  return new Headers({ "Set-Cookie": await receiptCookie().serialize(statusToken) });
}

/** The token the cookie carries, if any, and the headers that delete the cookie. */
export async function takeOrderReceipt(request: Request): Promise<{ statusToken: string; headers: Headers } | null> {
  const cookie = receiptCookie();
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || !STATUS_TOKEN.test(value)) return null;
  return { statusToken: value, headers: new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) }) };
}

/** What the client is shown of a new order: its status page's address, and whether email has it too. */
export interface OrderReceipt {
  statusUrl: string;
  emailed: boolean;
}

/**
 * The receipt of the order whose token this is. The address is whole, so that the client can keep
 * it: on SITE_URL's origin, else on the request's (this answer goes to the one visitor who ordered,
 * never to the page cache). `emailed`: the site sends email, so the confirmation carries it too.
 */
export function orderReceipt(request: Request, statusToken: string): OrderReceipt {
  return {
    statusUrl: `${siteOrigin() ?? new URL(request.url).origin}/order/status/${statusToken}`,
    emailed: emailEnabled(),
  };
}
