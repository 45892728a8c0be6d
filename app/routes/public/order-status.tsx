import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import { z } from "zod";
import { ORDER_STATUS } from "~/copy/site";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { publicPageMeta } from "~/components/site/page-meta";
import type { OrderStatus } from "~/lib/domain";
import { formatMonthlyPrice, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { getOrderByStatusToken } from "~/models/orders.server";
import { siteTimeZone } from "~/models/site-settings.server";
import { readSiteSettings } from "~/services/last-known.server";
import { emailEnabled } from "~/services/outbox/channels.server";
import type { Route } from "./+types/order-status";
import { useCurrency } from "~/components/site/use-site-settings";

// The client's own page, reached by the unguessable token in their confirmation email.
// It shows what they entered and where the order stands, nothing of anyone else's. server/app.ts
// answers this path with no-store, no-referrer and noindex; the page cache never lists it
// (app/services/page-cache/request.server.ts).

// The database makes the token: 64 lowercase hex characters. Anything else is no order.
const StatusTokenSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** How often an open, visible page asks again, so that an admin's change shows up. */
const REFRESH_MS = 30_000;

export async function loader({ params }: Route.LoaderArgs) {
  const token = StatusTokenSchema.safeParse(params.token);
  const order = token.success ? await getOrderByStatusToken(token.data) : null;
  if (!order) throw data(null, { status: 404 });
  const settings = await readSiteSettings();
  const orderDate = new Intl.DateTimeFormat("en-US", {
    dateStyle: "long",
    timeZone: siteTimeZone(settings),
  }).format(order.orderDate);
  // Only what the page shows goes to the browser: never the client's email or phone.
  return {
    clientName: order.clientName,
    serviceName: order.serviceName,
    setupPrice: order.setupPrice,
    monthlyPrice: order.monthlyPrice,
    totalPrice: order.totalPrice,
    notes: order.notes,
    status: order.status,
    orderDate,
    // Without email there is no confirmation to reply to: the support address takes its place.
    supportEmail: emailEnabled() ? null : settings.supportEmail,
  };
}

const STATUS_TONES: Record<OrderStatus, BadgeTone> = { pending: "warning", paid: "success", cancelled: "danger" };

export default function OrderStatusPage({ loaderData: order }: Route.ComponentProps) {
  useRefreshWhileVisible(REFRESH_MS);
  const currency = useCurrency();
  const status = ORDER_STATUS.statuses[order.status];
  const detail =
    order.status === "cancelled" && order.supportEmail !== null
      ? ORDER_STATUS.cancelledWithoutEmail(order.supportEmail)
      : status.detail;
  return (
    <section className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{ORDER_STATUS.heading}</h1>
      <p className="mt-3 text-lg text-slate-600">{ORDER_STATUS.intro(order.clientName)}</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div role="status" aria-live="polite">
          <p className="flex items-center gap-3 text-sm font-medium text-slate-600">
            {ORDER_STATUS.status}
            <Badge tone={STATUS_TONES[order.status]}>{status.label}</Badge>
          </p>
          <p className="mt-2 text-slate-800">{detail}</p>
        </div>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <Row label={ORDER_STATUS.service} value={order.serviceName} />
          <Row label={ORDER_STATUS.setupFee} value={formatPrice(order.setupPrice, currency)} />
          <Row
            label={ORDER_STATUS.monthly}
            value={
              hasMonthlyPrice(order.monthlyPrice)
                ? formatMonthlyPrice(order.monthlyPrice, currency)
                : ORDER_STATUS.noMonthly
            }
          />
          <Row label={ORDER_STATUS.total} value={formatPrice(order.totalPrice, currency)} />
          <Row label={ORDER_STATUS.orderDate} value={order.orderDate} />
        </dl>
        {order.notes ? (
          <>
            <h2 className="mt-6 text-sm font-semibold text-slate-700">{ORDER_STATUS.notes}</h2>
            <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{order.notes}</p>
          </>
        ) : null}
      </div>
      <p className="mt-4 text-sm text-slate-500">{ORDER_STATUS.refreshHint}</p>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </>
  );
}

/** With JavaScript, the loaders run again every `intervalMs` while the tab is shown, and on coming back to it. */
function useRefreshWhileVisible(intervalMs: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    };
    const timer = setInterval(refresh, intervalMs);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [revalidator, intervalMs]);
}

export function meta({ matches }: Route.MetaArgs) {
  const page = publicPageMeta(matches, () => ({
    title: ORDER_STATUS.title,
    description: ORDER_STATUS.description,
    path: "/order/status",
  }));
  // The title and description alone: no canonical URL, sharing cards or og:url for an address
  // that holds the client's token.
  return [
    ...page.filter((tag) => "title" in tag || ("name" in tag && tag.name === "description")),
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}
