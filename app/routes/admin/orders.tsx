import { Download, Eye } from "lucide-react";
import { data, Form, Link, useSubmit } from "react-router";
import { ChoiceLink } from "~/components/admin/choice-link";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, ListCard, PageHeader } from "~/components/admin/page-header";
import { useIsSubmitting } from "~/components/admin/pending";
import { RouteDialog } from "~/components/admin/route-dialog";
import { OrderStatusBadge, orderStatusLabel } from "~/components/admin/status-badge";
import { ORDER_TEXTS, TOASTS } from "~/copy/admin";
import { useHydrated } from "~/lib/hydrated";
import { Button, buttonClasses } from "~/components/ui/button";
import { formatMonthlyPrice, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { type Order } from "~/db/schema";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/domain";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";
import { getOrderStats, listOrders, updateOrderStatus } from "~/models/orders.server";
import { ORDERS_PATH, OrderStatusSchema, ordersUrl, statusFilter } from "./+shared/order-filter";
import { errorDescription, readIntent, requireId } from "./+shared/route-helpers.server";
import type { Route } from "./+types/orders";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = statusFilter(url);
  const [orders, stats] = await Promise.all([listOrders({ status }), getOrderStats()]);
  const viewId = url.searchParams.get("view");
  return { status: status ?? null, orders, stats, viewing: orders.find((order) => order.id === viewId) ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  readIntent(formData, ["status"]);
  const orderId = requireId(formData.get("orderId"), "order");
  const status = OrderStatusSchema.safeParse(formData.get("status"));
  if (!status.success) throw data("Unknown order status.", { status: 400 });
  const back = ordersUrl(statusFilter(new URL(request.url)));
  try {
    if (!(await updateOrderStatus(orderId, status.data))) {
      return redirectWithError(back, { message: TOASTS.orderUpdateError, description: "This order no longer exists." });
    }
  } catch (error) {
    return redirectWithError(back, { message: TOASTS.orderUpdateError, description: errorDescription(error) });
  }
  return redirectWithSuccess(back, TOASTS.orderUpdated);
}

const FILTERS: { status: OrderStatus | null; label: string }[] = [
  { status: null, label: ORDER_TEXTS.filters.all },
  { status: "pending", label: ORDER_TEXTS.filters.pending },
  { status: "paid", label: ORDER_TEXTS.filters.paid },
  { status: "cancelled", label: ORDER_TEXTS.filters.cancelled },
];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { status, orders, stats, viewing } = loaderData;
  const exportUrl = `${ORDERS_PATH}/export.csv${status ? `?status=${status}` : ""}`;
  return (
    <>
      <PageHeader title={ORDER_TEXTS.heading} description="Order requests from the website, newest first.">
        <a href={exportUrl} className={buttonClasses("secondary")} download>
          <Download aria-hidden className="size-4" />
          Export CSV
        </a>
      </PageHeader>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        <Counter label="Total Orders" value={String(stats.total)} />
        <Counter label="Pending" value={String(stats.pending)} />
        <Counter label="Paid" value={String(stats.paid)} />
        <Counter label="Cancelled" value={String(stats.cancelled)} />
        <Counter label="Revenue" value={formatPrice(stats.revenue)} />
      </dl>

      <nav aria-label="Filter orders by status" className="mt-6 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <ChoiceLink
            key={filter.label}
            look="pill"
            to={ordersUrl(filter.status ?? undefined)}
            current={filter.status === status}
          >
            {filter.label}
          </ChoiceLink>
        ))}
      </nav>

      {viewing ? <OrderDetails order={viewing} closeTo={ordersUrl(status ?? undefined)} /> : null}

      {orders.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={ORDER_TEXTS.empty} />
        </div>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Orders">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} viewTo={ordersUrl(status ?? undefined, order.id)} />
          ))}
        </ul>
      )}
    </>
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

function OrderCard({ order, viewTo }: { order: Order; viewTo: string }) {
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
              Status for {order.clientName}
            </label>
            <select
              id={selectId}
              name="status"
              defaultValue={order.status}
              key={order.status}
              disabled={submitting}
              className="rounded-md border border-slate-300 bg-white py-1.5 pl-2 pr-8 text-sm"
            >
              {ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {orderStatusLabel(value)}
                </option>
              ))}
            </select>
            {hydrated ? null : (
              <Button type="submit" size="sm" variant="secondary">
                Update<span className="sr-only"> status for {order.clientName}</span>
              </Button>
            )}
          </Form>
          <Link to={viewTo} preventScrollReset className={buttonClasses("secondary", "sm")}>
            <Eye aria-hidden className="size-4" />
            View<span className="sr-only"> order of {order.clientName}</span>
          </Link>
        </div>
      }
    >
      <p className="mt-1 truncate text-sm text-slate-600">
        {order.serviceName} · {formatPrice(order.totalPrice)}
      </p>
      <p className="text-xs text-slate-500">
        {order.clientEmail} · {formatDateTime(order.createdAt)}
      </p>
    </ListCard>
  );
}

function OrderDetails({ order, closeTo }: { order: Order; closeTo: string }) {
  return (
    <RouteDialog
      title={ORDER_TEXTS.detailsTitle}
      backTo={closeTo}
      id="order-details-title"
      className="mt-6 rounded-xl border border-brand/30 bg-white p-5 shadow-sm"
      headingClassName="mb-4 text-lg font-semibold"
    >
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Detail label="Client" value={order.clientName} />
        <Detail
          label="Email"
          value={
            <a href={`mailto:${order.clientEmail}`} className="text-brand hover:underline">
              {order.clientEmail}
            </a>
          }
        />
        <Detail label="Phone" value={order.clientPhone || "Not given"} />
        <Detail
          label="Service"
          value={order.serviceId ? order.serviceName : `${order.serviceName} (service deleted)`}
        />
        <Detail label="Setup Fee" value={formatPrice(order.setupPrice)} />
        {hasMonthlyPrice(order.monthlyPrice) ? (
          <Detail label="Monthly" value={formatMonthlyPrice(order.monthlyPrice)} />
        ) : null}
        <Detail label="Total (first month)" value={formatPrice(order.totalPrice)} />
        <Detail label="Status" value={<OrderStatusBadge status={order.status} />} />
        <Detail label="Payment method" value={order.paymentMethod || "Not set"} />
        <Detail label="Order date" value={formatDateTime(order.orderDate)} />
        <div className="sm:col-span-2">
          <Detail
            label="Project details"
            value={<span className="whitespace-pre-wrap">{order.notes || "None"}</span>}
          />
        </div>
      </dl>
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} preventScrollReset className={buttonClasses("secondary")}>
          Close
        </Link>
      </div>
    </RouteDialog>
  );
}

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{value}</dd>
    </div>
  );
}

export function meta() {
  return [{ title: `${ORDER_TEXTS.heading} | Admin Panel` }];
}
