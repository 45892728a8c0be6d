import { DASHBOARD_CARD_TEXTS as CARDS } from "~/copy/admin";

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
  title: (typeof CARDS)[keyof typeof CARDS]["title"];
  value: string;
  detail: string;
}

export function dashboardCards(services: ServiceCounts, orders: OrderCounts, collected: Collected): DashboardCard[] {
  return [
    { title: CARDS.services.title, value: String(services.total), detail: CARDS.services.detail(services.active) },
    { title: CARDS.orders.title, value: String(orders.total), detail: CARDS.orders.detail(orders.pending) },
    {
      title: CARDS.revenue.title,
      value: formatPrice(orders.revenue, collected.currency),
      detail: CARDS.revenue.detail,
    },
    {
      title: CARDS.collected.title,
      value: formatPrice(collected.last30Days, collected.currency),
      detail: CARDS.collected.detail,
    },
    {
      title: CARDS.conversion.title,
      value: `${conversionRate(orders.paid, orders.total)}%`,
      detail: CARDS.conversion.detail(orders.paid, orders.total),
    },
  ];
}
