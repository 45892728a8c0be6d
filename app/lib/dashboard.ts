import { formatPrice } from "./pricing";

// The dashboard's four cards (docs/product.md §2, "Admin dashboard", and section 9).

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

export interface DashboardCard {
  title: "Total Services" | "Total Orders" | "Revenue" | "Conversion Rate";
  value: string;
  detail: string;
}

export function dashboardCards(services: ServiceCounts, orders: OrderCounts): DashboardCard[] {
  return [
    { title: "Total Services", value: String(services.total), detail: `${services.active} active` },
    { title: "Total Orders", value: String(orders.total), detail: `${orders.pending} pending` },
    { title: "Revenue", value: formatPrice(orders.revenue), detail: "From paid orders" },
    {
      title: "Conversion Rate",
      value: `${conversionRate(orders.paid, orders.total)}%`,
      detail: `${orders.paid} of ${orders.total} orders paid`,
    },
  ];
}
