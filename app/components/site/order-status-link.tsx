import { useEffect, useRef } from "react";

import { ButtonLink } from "~/components/ui/button";
import { CopyButton } from "~/components/ui/copy-button";
import { ORDER_RECEIPT, ORDER_STATUS } from "~/copy/site";

import { BookCall } from "./book-call";
import { PaymentForm } from "./payment-form";

/**
 * The new order's status link, on the order page after a post with JavaScript and on the
 * order-submitted page without it: the button, and the address written out to keep. It takes the
 * focus, so that a screen reader reads it after the toast.
 */
export function OrderStatusLink({
  statusUrl,
  emailed,
  payNow = false,
  payWithPayPal = false,
  bookingUrl = null,
}: {
  statusUrl: string;
  emailed: boolean;
  /** The order can be paid at once: "Pay now" leads to Stripe's checkout. */
  payNow?: boolean;
  /** The order can be paid at once with PayPal: "Pay with PayPal" leads to PayPal's page. */
  payWithPayPal?: boolean;
  /** The booking page: the next step is a call. */
  bookingUrl?: string | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <section
        aria-labelledby="order-status-link-heading"
        className="mt-6 w-full rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm sm:p-8"
      >
        <h2 id="order-status-link-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
          {ORDER_RECEIPT.heading}
        </h2>
        <p className="mt-2 text-slate-600">{emailed ? ORDER_RECEIPT.emailed : ORDER_RECEIPT.keep}</p>
        <label htmlFor="order-status-address" className="mt-4 block text-sm font-medium text-slate-700">
          {ORDER_RECEIPT.addressLabel}
        </label>
        <input
          id="order-status-address"
          type="text"
          readOnly
          value={statusUrl}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
        />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <ButtonLink to={new URL(statusUrl).pathname} variant="secondary">
            {ORDER_STATUS.link}
          </ButtonLink>
          <CopyButton text={statusUrl} label={ORDER_RECEIPT.copy} copiedLabel={ORDER_RECEIPT.copied} />
        </div>
        {payNow ? <PaymentForm statusPath={new URL(statusUrl).pathname} intent="pay" /> : null}
        {payWithPayPal ? <PaymentForm statusPath={new URL(statusUrl).pathname} intent="paypal" /> : null}
      </section>
      {bookingUrl ? <BookCall url={bookingUrl} /> : null}
    </>
  );
}
