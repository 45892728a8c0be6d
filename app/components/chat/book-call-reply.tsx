import { useRouteLoaderData } from "react-router";

import { Icon } from "~/components/ui/icon";
import { BOOKING_LINK } from "~/copy/booking";
import type { loader as layoutLoader } from "~/routes/public/layout";

// The chat's quick reply to book a call, when Admin → Integrations names a booking page: a link
// (a new tab), so it works in the widget and on the /chat page alike.

const REPLY =
  "inline-flex max-w-full items-center gap-1.5 rounded-full border border-brand/40 bg-white px-3 py-1.5 text-sm text-slate-800 shadow-sm hover:border-brand hover:bg-brand/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand/40";

export function BookCallReply({ className }: { className?: string }) {
  const url = useRouteLoaderData<typeof layoutLoader>("routes/public/layout")?.bookingUrl;
  if (!url) return null;
  return (
    <p className={className}>
      <a href={url} target="_blank" rel="noopener noreferrer" className={REPLY}>
        <Icon name="clock" className="size-4 shrink-0 text-brand" />
        {BOOKING_LINK.chatButton}
        <span className="sr-only"> {BOOKING_LINK.newTab}</span>
      </a>
    </p>
  );
}
