import { buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { BOOKING_LINK } from "~/copy/booking";

/** The booking page's link where the next step is a call: after an order, on its status page, after a message. */
export function BookCall({ url, className = "mt-6" }: { url: string; className?: string }) {
  return (
    <section
      aria-labelledby="book-call-heading"
      className={`${className} w-full rounded-2xl border border-brand/30 bg-white p-6 text-left shadow-sm sm:p-8`}
    >
      <h2 id="book-call-heading" className="text-xl font-semibold text-slate-900">
        {BOOKING_LINK.heading}
      </h2>
      <p className="mt-2 text-slate-600">{BOOKING_LINK.text}</p>
      <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses("primary", "md", "mt-4 gap-2")}>
        <Icon name="clock" className="size-4" />
        {BOOKING_LINK.button}
        <span className="sr-only"> {BOOKING_LINK.newTab}</span>
      </a>
    </section>
  );
}
