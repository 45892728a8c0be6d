import { data, Form, Link, useSearchParams, useSubmit } from "react-router";
import { z } from "zod";

import { ChoiceLink } from "~/components/admin/choice-link";
import { formatDateTime } from "~/components/admin/format";
import { Options } from "~/components/admin/options";
import { EmptyState, ListCard, PageHeader } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { useIsSubmitting } from "~/components/admin/pending";
import { RouteDialog } from "~/components/admin/route-dialog";
import { OrderStatusBadge, orderStatusLabel } from "~/components/admin/status-badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { CopyButton } from "~/components/ui/copy-button";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { adminTitle, ORDER_PAYMENT_TEXTS, ORDER_TEXTS, TOASTS } from "~/copy/admin";
import { BOOKING_TEXTS } from "~/copy/booking";
import { CLIENT_EMAIL_TEXTS } from "~/copy/timeline";
import { type Booking, type Order } from "~/db/schema";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/domain";
import { useHydrated } from "~/lib/hydrated";
import { readPageRequest } from "~/lib/keyset";
import { formatMonthlyPrice, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { readForm } from "~/lib/read-form.server";
import { isStripeTestKey } from "~/lib/stripe-dashboard";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordAudit } from "~/models/audit-log.server";
import { readIntegrationSecret } from "~/models/integrations.server";
import {
  changeOrderQuote,
  getOrder,
  getOrderStats,
  listOrderPage,
  type PendingOrderOutcome,
  requestOrderPayment,
  updateOrderStatus,
} from "~/models/orders.server";
import { listOrderPayments, recordManualPayment } from "~/models/payments.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { orderStatusUrl } from "~/services/order-receipt.server";
import { emailEnabled } from "~/services/outbox/channels.server";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import {
  exportUrl,
  filterUrl,
  listUrl,
  MIN_SEARCH_LENGTH,
  ORDERS_EXPORT_PATH,
  OrderStatusSchema,
  ordersUrl,
  searchFilter,
  statusFilter,
} from "./+shared/order-filter";
import { MarkPaidSchema, QuoteSchema, RequestPaymentSchema } from "./+shared/order-payment-forms";
import { OrderPayments } from "./+shared/order-payments";
import { BookingList, Detail, DetailSection } from "./+shared/record-details";
import { errorDescription, readIntent, requireId } from "./+shared/route-helpers.server";
import { failure, type Refused, saveForm } from "./+shared/save-form.server";
import { Timeline } from "./+shared/timeline";
import { timelineAction } from "./+shared/timeline-actions.server";
import { TIMELINE_INTENTS } from "./+shared/timeline-forms";
import { loadTimeline } from "./+shared/timeline-loader.server";
import type { Route } from "./+types/orders";

// `?view=` names an order anywhere in the list, not only on the page shown: it is read by id.
const ViewIdSchema = z.uuid();

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = statusFilter(url);
  const search = searchFilter(url);
  const viewId = ViewIdSchema.safeParse(url.searchParams.get("view"));
  const [page, stats, viewing, settings, payments, timeline] = await Promise.all([
    listOrderPage({ status, search: search.text }, readPageRequest(url.searchParams)),
    getOrderStats(),
    viewId.success ? getOrder(viewId.data) : null,
    getSiteSettings(),
    viewId.success ? listOrderPayments(viewId.data) : [],
    viewId.success ? loadTimeline({ orderId: viewId.data }) : null,
  ]);
  // The counters give the total of a status, not of a search: a search has page links only.
  const total = search.text ? undefined : status ? stats[status] : stats.total;
  // The client's status link, for an admin to send them (the only copy when the site sends no email).
  const viewingStatusUrl = viewing ? orderStatusUrl(request, viewing.statusToken) : null;
  const stripeTestMode = payments.some((payment) => payment.provider === "stripe") && (await usesStripeTestKey());
  return {
    status: status ?? null,
    search,
    page,
    stats,
    total,
    viewing,
    viewingStatusUrl,
    payments,
    stripeTestMode,
    currency: settings.currency,
    paymentTiming: settings.paymentTiming,
    timeline: timeline ?? { entries: [], bookings: [], unmatched: [] },
    emailForm:
      viewing && emailEnabled()
        ? {
            defaultSubject: CLIENT_EMAIL_TEXTS.defaultSubject(viewing.serviceName),
            supportEmail: settings.supportEmail,
          }
        : null,
  };
}

/** Whether the saved Stripe key is a test key, so that the payments' links open test mode's pages. */
async function usesStripeTestKey(): Promise<boolean> {
  try {
    return isStripeTestKey(await readIntegrationSecret("stripeSecretKey"));
  } catch {
    // A key sealed with a SECRETS_KEY this server lacks: live links, as for no key.
    return false;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = readIntent(formData, ["status", "mark-paid", "quote", "request-payment", ...TIMELINE_INTENTS]);
  if (intent === "mark-paid" || intent === "quote" || intent === "request-payment") {
    return paymentAction(request, context, formData, intent);
  }
  if (intent !== "status") {
    return timelineAction(context, formData, intent, {
      subject: (orderId) => ({ orderId }),
      back: ordersUrl(new URL(request.url).searchParams, {}),
    });
  }
  const orderId = requireId(formData.get("orderId"), "order");
  const status = OrderStatusSchema.safeParse(formData.get("status"));
  if (!status.success) throw data(ORDER_TEXTS.unknownStatus, { status: 400 });
  // Back to the page, filter and search the change was made on.
  const back = listUrl(new URL(request.url).searchParams);
  try {
    const before = await getOrder(orderId);
    if (!before || !(await updateOrderStatus(orderId, status.data, getAdmin(context).username))) {
      return redirectWithError(back, { message: TOASTS.orderUpdateError, description: ORDER_TEXTS.gone });
    }
    if (before.status !== status.data) {
      await recordAudit({
        actor: getAdmin(context),
        action: "order.status_changed",
        target: `${before.clientName} (${before.serviceName})`,
        details: { orderId, from: before.status, to: status.data },
      });
    }
  } catch (error) {
    return redirectWithError(back, { message: TOASTS.orderUpdateError, description: errorDescription(error) });
  }
  return redirectWithSuccess(back, TOASTS.orderUpdated);
}

/** The order details' payment forms: each answers with the same page, the order still open. */
async function paymentAction(
  request: Request,
  context: Route.ActionArgs["context"],
  formData: FormData,
  intent: "mark-paid" | "quote" | "request-payment",
) {
  const back = ordersUrl(new URL(request.url).searchParams, {});
  const actor = getAdmin(context);
  const target = (order: Order) => `${order.clientName} (${order.serviceName})`;
  // The forms are gone from the page then (the order is no longer pending): the toast says why.
  const refused = (outcome: Exclude<PendingOrderOutcome, object>, message: string): Refused | null =>
    outcome === "missing" ? null : { status: 409, toast: { message, description: ORDER_PAYMENT_TEXTS.notPending } };
  if (intent === "mark-paid") {
    return saveForm(context, formData, {
      schema: MarkPaidSchema,
      extra: { intent },
      record: "order",
      async save({ orderId, method }) {
        const label = ORDER_PAYMENT_TEXTS.providers[method];
        const { currency } = await getSiteSettings();
        const outcome = await recordManualPayment(
          { orderId, provider: method, methodLabel: label, currency, actorName: actor.username },
          (order, payment) => ({
            actor,
            action: "order.marked_paid",
            target: target(order),
            details: { orderId, method: label, amount: payment.amount, currency },
          }),
        );
        if (typeof outcome === "string") return refused(outcome, TOASTS.orderUpdateError);
        return { redirectTo: back, toast: TOASTS.orderMarkedPaid };
      },
      failed: (error) => failure(error, TOASTS.orderUpdateError),
    });
  }
  if (intent === "quote") {
    return saveForm(context, formData, {
      schema: QuoteSchema,
      extra: { intent },
      record: "order",
      async save({ orderId, setupPrice, monthlyPrice }) {
        const amounts = (order: Order) => ({
          setupPrice: order.setupPrice,
          monthlyPrice: order.monthlyPrice,
          totalPrice: order.totalPrice,
        });
        const outcome = await changeOrderQuote(orderId, { setupPrice, monthlyPrice }, (before, after) => ({
          actor,
          action: "order.quote_changed",
          target: target(after),
          details: { orderId, before: amounts(before), after: amounts(after) },
        }));
        if (typeof outcome === "string") return refused(outcome, TOASTS.orderUpdateError);
        return { redirectTo: back, toast: TOASTS.orderQuoteSaved };
      },
      failed: (error) => failure(error, TOASTS.orderUpdateError),
    });
  }
  return saveForm(context, formData, {
    schema: RequestPaymentSchema,
    extra: { intent },
    record: "order",
    async save({ orderId }) {
      const outcome = await requestOrderPayment(orderId, (_before, after) => ({
        actor,
        action: "order.payment_requested",
        target: target(after),
        details: { orderId },
      }));
      if (typeof outcome === "string") return refused(outcome, TOASTS.orderUpdateError);
      return { redirectTo: back, toast: TOASTS.paymentRequested(emailEnabled()) };
    },
    failed: (error) => failure(error, TOASTS.orderUpdateError),
  });
}

const FILTERS: { status: OrderStatus | null; label: string }[] = [
  { status: null, label: ORDER_TEXTS.filters.all },
  { status: "pending", label: ORDER_TEXTS.filters.pending },
  { status: "paid", label: ORDER_TEXTS.filters.paid },
  { status: "cancelled", label: ORDER_TEXTS.filters.cancelled },
];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { status, search, page, stats, total, viewing, viewingStatusUrl, currency } = loaderData;
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={ORDER_TEXTS.heading} description={ORDER_TEXTS.description}>
        <a href={exportUrl(status ?? undefined)} className={buttonClasses("secondary")} download>
          <Icon name="download" className="size-4" />
          {ORDER_TEXTS.exportCsv}
        </a>
      </PageHeader>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        <Counter label={ORDER_TEXTS.counters.total} value={String(stats.total)} />
        <Counter label={ORDER_TEXTS.counters.pending} value={String(stats.pending)} />
        <Counter label={ORDER_TEXTS.counters.paid} value={String(stats.paid)} />
        <Counter label={ORDER_TEXTS.counters.cancelled} value={String(stats.cancelled)} />
        <Counter label={ORDER_TEXTS.counters.revenue} value={formatPrice(stats.revenue, currency)} />
      </dl>

      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <nav aria-label={ORDER_TEXTS.filterLabel} className="flex flex-wrap gap-2">
          {FILTERS.map((filter) => (
            <ChoiceLink
              key={filter.label}
              look="pill"
              to={filterUrl(params, { status: filter.status })}
              current={filter.status === status}
            >
              {filter.label}
            </ChoiceLink>
          ))}
        </nav>
        <SearchForm status={status} />
      </div>
      {search.ignored ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          {ORDER_TEXTS.searchTooShort(MIN_SEARCH_LENGTH)}
        </p>
      ) : null}

      {viewing && viewingStatusUrl ? (
        <OrderDetails
          order={viewing}
          statusUrl={viewingStatusUrl}
          closeTo={listUrl(params)}
          currency={currency}
          payments={
            <OrderPayments
              order={viewing}
              payments={loaderData.payments}
              currency={currency}
              stripeTestMode={loaderData.stripeTestMode}
              paymentTiming={loaderData.paymentTiming}
            />
          }
          bookings={<OrderBookings bookings={loaderData.timeline.bookings} />}
          timeline={
            <Timeline kind="order" recordId={viewing.id} timeline={loaderData.timeline} email={loaderData.emailForm} />
          }
        />
      ) : null}

      {page.rows.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={ORDER_TEXTS.empty} />
        </div>
      ) : (
        <ul className="mt-6 space-y-3" aria-label={ORDER_TEXTS.listLabel}>
          {page.rows.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              currency={currency}
              viewTo={ordersUrl(params, { view: order.id })}
            />
          ))}
        </ul>
      )}
      <Pager page={page} total={total === undefined ? undefined : { count: total, noun: ORDER_TEXTS.itemName }} />

      <ExportRangeForm status={status} />
    </>
  );
}

/** A GET form, so the search is in the address and works without JavaScript. */
function SearchForm({ status }: { status: OrderStatus | null }) {
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  return (
    <Form
      method="get"
      role="search"
      aria-label={ORDER_TEXTS.searchFormLabel}
      className="flex w-full items-end gap-2 sm:w-auto"
    >
      {status ? <input type="hidden" name="status" value={status} /> : null}
      {/* The box's width is its wrapper's (the control fills it): the whole placeholder fits. */}
      <Field
        key={q}
        className="min-w-0 flex-1 sm:w-72 sm:flex-none"
        label={<span className="sr-only">{ORDER_TEXTS.searchLabel}</span>}
        inputProps={{
          type: "search",
          name: "q",
          defaultValue: q,
          maxLength: 100,
          placeholder: ORDER_TEXTS.searchPlaceholder,
        }}
      />
      <Button type="submit" variant="secondary">
        <Icon name="search" className="size-4" />
        {/* On a phone the magnifier alone: the box keeps the room for its placeholder. */}
        <span className="max-sm:sr-only">{ORDER_TEXTS.searchSubmit}</span>
      </Button>
      {q ? (
        <Link to={filterUrl(params, { q: null })} className={buttonClasses("ghost")}>
          {ORDER_TEXTS.clearSearch}
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * A plain form (not React Router's): the browser itself sends it and downloads the file, with
 * JavaScript or without.
 */
function ExportRangeForm({ status }: { status: OrderStatus | null }) {
  const texts = ORDER_TEXTS.exportRange;
  return (
    <form
      method="get"
      action={ORDERS_EXPORT_PATH}
      aria-labelledby="export-range-title"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="export-range-title" className="text-sm font-semibold text-slate-700">
        {texts.label}
      </h2>
      <p className="mt-1 text-xs text-slate-500">{texts.hint}</p>
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field label={texts.from} inputProps={{ type: "date", name: "from" }} />
        <Field label={texts.to} inputProps={{ type: "date", name: "to" }} />
        <Button type="submit" variant="secondary">
          <Icon name="download" className="size-4" />
          {texts.submit}
        </Button>
      </div>
    </form>
  );
}

function Counter({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

function OrderCard({
  order,
  currency,
  viewTo,
}: {
  order: Omit<Order, "statusToken">;
  currency: string;
  viewTo: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const submitting = useIsSubmitting({ intent: "status" });
  const selectId = `status-${order.id}`;
  return (
    <ListCard
      label={order.clientName}
      title={order.clientName}
      badges={<OrderStatusBadge status={order.status} />}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <Form
            method="post"
            preventScrollReset
            className="flex items-center gap-2"
            onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
          >
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="intent" value="status" />
            <label htmlFor={selectId} className="sr-only">
              {ORDER_TEXTS.statusFor(order.clientName)}
            </label>
            <select
              id={selectId}
              name="status"
              defaultValue={order.status}
              key={order.status}
              disabled={submitting}
              className="rounded-md border border-slate-300 bg-white py-1.5 pl-2 pr-8 text-sm"
            >
              <Options values={ORDER_STATUSES} label={orderStatusLabel} />
            </select>
            {hydrated ? null : (
              <Button type="submit" size="sm" variant="secondary">
                {ORDER_TEXTS.update}
                <span className="sr-only"> {ORDER_TEXTS.updateStatusOf(order.clientName)}</span>
              </Button>
            )}
          </Form>
          <Link to={viewTo} preventScrollReset className={buttonClasses("secondary", "sm")}>
            <Icon name="eye" className="size-4" />
            {ORDER_TEXTS.view}
            <span className="sr-only"> {ORDER_TEXTS.viewOrderOf(order.clientName)}</span>
          </Link>
        </div>
      }
    >
      <p className="mt-1 truncate text-sm text-slate-600">
        {order.serviceName} · {formatPrice(order.totalPrice, currency)}
      </p>
      <p className="text-xs text-slate-500">
        {order.clientEmail} · {formatDateTime(order.createdAt)}
      </p>
    </ListCard>
  );
}

function OrderDetails({
  order,
  statusUrl,
  closeTo,
  currency,
  payments,
  bookings,
  timeline,
}: {
  order: Order;
  statusUrl: string;
  closeTo: string;
  currency: string;
  payments: React.ReactNode;
  bookings: React.ReactNode;
  timeline: React.ReactNode;
}) {
  return (
    <RouteDialog
      title={ORDER_TEXTS.detailsTitle}
      backTo={closeTo}
      id="order-details-title"
      className="mt-6 rounded-xl border border-brand/30 bg-white p-5 shadow-sm"
      headingClassName="mb-4 text-lg font-semibold"
    >
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Detail label={ORDER_TEXTS.client} value={order.clientName} />
        <Detail
          label={ORDER_TEXTS.email}
          value={
            <a href={`mailto:${order.clientEmail}`} className="text-brand hover:underline">
              {order.clientEmail}
            </a>
          }
        />
        <Detail label={ORDER_TEXTS.phone} value={order.clientPhone || ORDER_TEXTS.notGiven} />
        <Detail
          label={ORDER_TEXTS.service}
          value={order.serviceId ? order.serviceName : ORDER_TEXTS.serviceDeleted(order.serviceName)}
        />
        <Detail label={ORDER_TEXTS.setupFee} value={formatPrice(order.setupPrice, currency)} />
        {hasMonthlyPrice(order.monthlyPrice) ? (
          <Detail label={ORDER_TEXTS.monthly} value={formatMonthlyPrice(order.monthlyPrice, currency)} />
        ) : null}
        <Detail label={ORDER_TEXTS.total} value={formatPrice(order.totalPrice, currency)} />
        <Detail label={ORDER_TEXTS.status} value={<OrderStatusBadge status={order.status} />} />
        <Detail label={ORDER_TEXTS.paymentMethod} value={order.paymentMethod || ORDER_TEXTS.notSet} />
        <Detail label={ORDER_TEXTS.orderDate} value={formatDateTime(order.orderDate)} />
        <Detail
          className="sm:col-span-2"
          label={ORDER_TEXTS.projectDetails}
          value={<span className="whitespace-pre-wrap">{order.notes || ORDER_TEXTS.noProjectDetails}</span>}
        />
        <Detail
          className="sm:col-span-2"
          label={ORDER_TEXTS.statusLink}
          value={
            <span className="flex flex-wrap items-center gap-3">
              <a href={statusUrl} className="break-all text-brand hover:underline">
                {statusUrl}
              </a>
              <CopyButton
                text={statusUrl}
                label={ORDER_TEXTS.copyStatusLink}
                copiedLabel={ORDER_TEXTS.statusLinkCopied}
              />
            </span>
          }
        />
      </dl>
      {payments}
      {bookings}
      {timeline}
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} preventScrollReset className={buttonClasses("secondary")}>
          {ORDER_TEXTS.close}
        </Link>
      </div>
    </RouteDialog>
  );
}

/** The calls the client booked for this order, as the booking page last reported them. */
function OrderBookings({ bookings }: { bookings: Booking[] }) {
  if (bookings.length === 0) return null;
  return (
    <DetailSection id="order-bookings-title" title={BOOKING_TEXTS.statusHeading}>
      <BookingList bookings={bookings} withTitles className="mt-2 space-y-1 text-sm" />
    </DetailSection>
  );
}

export function meta() {
  return [{ title: adminTitle(ORDER_TEXTS.heading) }];
}
