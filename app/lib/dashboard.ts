import { formatPrice } from "./pricing";

// The dashboard's cards (docs/product.md §2, "Admin dashboard", section 9, and §11.3 for "Collected").

export interface ServiceCounts {
  total: number;
  active: number;
}

export interface OrderCounts {
  total: number;
  pending: number;
  paid: number;
  /** Sum over paid orders only. */
  revenue: number;
}

/** The spec's conversion rate: round(paid / total x 100), and 0 when there are no orders. */
export function conversionRate(paid: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((paid / total) * 100);
}

/** Money actually received: recorded payments of the last 30 days, in the site's currency. */
export interface Collected {
  currency: string;
  last30Days: number;
}

export interface DashboardCard {
  title: "Total Services" | "Total Orders" | "Revenue" | "Collected (30 days)" | "Conversion Rate";
  value: string;
  detail: string;
}

export function dashboardCards(services: ServiceCounts, orders: OrderCounts, collected: Collected): DashboardCard[] {
  return [
    { title: "Total Services", value: String(services.total), detail: `${services.active} active` },
    { title: "Total Orders", value: String(orders.total), detail: `${orders.pending} pending` },
    { title: "Revenue", value: formatPrice(orders.revenue, collected.currency), detail: "From paid orders" },
    {
      title: "Collected (30 days)",
      value: formatPrice(collected.last30Days, collected.currency),
      detail: "From recorded payments",
    },
    {
      title: "Conversion Rate",
      value: `${conversionRate(orders.paid, orders.total)}%`,
      detail: `${orders.paid} of ${orders.total} orders paid`,
    },
  ];
}
