import { createCookie } from "react-router";
import { z } from "zod";

import { bookingLink } from "~/lib/booking";
import { signedCookieOptions } from "~/lib/cookie-options.server";
import { readPublicIntegrations } from "~/services/last-known.server";

// The booking link a contact message's sender is offered (docs/product.md §14.2). With JavaScript
// it comes in the form's answer; without, the post redirects to the home page, and the link,
// prefilled with the sender's name and email, rides there in a signed cookie read once: never in
// the address, which servers log and the page cache keys on. A visitor holding it never gets a
// cached page (app/services/page-cache/request.server.ts).

export const CONTACT_RECEIPT_COOKIE = "contact_receipt";
/** Long enough for the redirect, however slow the connection. */
const RECEIPT_MAX_AGE_S = 600;
const ReceiptCookieSchema = z.object({ bookingUrl: z.url().max(4000) });

function receiptCookie() {
  return createCookie(CONTACT_RECEIPT_COOKIE, { ...signedCookieOptions(), maxAge: RECEIPT_MAX_AGE_S });
}

/** The booking page for the sender, with their name and email where it takes them; null when none is set. */
export async function contactBookingUrl(sender: { name: string; email: string }): Promise<string | null> {
  return bookingLink((await readPublicIntegrations()).bookingPageUrl, sender);
}

/** The Set-Cookie of the contact form's redirect, when there is a booking page to offer. */
export async function contactReceiptHeaders(sender: { name: string; email: string }): Promise<Headers> {
  const bookingUrl = await contactBookingUrl(sender);
  if (!bookingUrl) return new Headers();
  return new Headers({ "Set-Cookie": await receiptCookie().serialize({ bookingUrl }) });
}

/** The booking link the cookie carries, if any, and the headers that delete the cookie. */
export async function takeContactReceipt(request: Request): Promise<{ bookingUrl: string; headers: Headers } | null> {
  const cookie = receiptCookie();
  const parsed = ReceiptCookieSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  if (!parsed.success) return null;
  return {
    bookingUrl: parsed.data.bookingUrl,
    headers: new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) }),
  };
}
