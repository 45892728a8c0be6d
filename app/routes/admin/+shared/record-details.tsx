import type { ComponentProps, ReactNode } from "react";

import { formatDateTime } from "~/components/admin/format";
import { Badge } from "~/components/ui/badge";
import { BOOKING_TEXTS } from "~/copy/booking";
import type { Booking } from "~/db/schema";

/** One part of an order's or a message's details (its payments, bookings, timeline), under a rule. */
export function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 border-t border-slate-100 pt-4">
      <h3 id={id} className="text-sm font-semibold text-slate-700">
        {title}
      </h3>
      {children}
    </section>
  );
}

// A <dl> may hold <div>s of <dt>/<dd> pairs, not deeper: a wide item takes its span itself.
export function Detail({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{value}</dd>
    </div>
  );
}

/** The calls booked from an order or a message, as the booking page last reported them. */
export function BookingList({
  bookings,
  withTitles = false,
  ...list
}: { bookings: Booking[]; withTitles?: boolean } & ComponentProps<"ul">) {
  return (
    <ul {...list}>
      {bookings.map((booking) => (
        <li key={booking.id} className="flex flex-wrap items-center gap-2">
          <Badge tone={booking.status === "cancelled" ? "warning" : "success"}>
            {BOOKING_TEXTS.statuses[booking.status]}
          </Badge>
          {BOOKING_TEXTS.at(formatDateTime(booking.startTime))}
          {withTitles && booking.title ? <span className="text-slate-500">· {booking.title}</span> : null}
        </li>
      ))}
    </ul>
  );
}
