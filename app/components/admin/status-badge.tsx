import { Badge, type BadgeTone } from "~/components/ui/badge";
import { COMMON_TEXTS } from "~/copy/admin";
import type { OrderStatus } from "~/lib/domain";

const ORDER_TONES: Record<OrderStatus, BadgeTone> = { pending: "warning", paid: "success", cancelled: "danger" };

export function orderStatusLabel(status: OrderStatus): string {
  return COMMON_TEXTS.orderStatuses[status];
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_TONES[status]}>{orderStatusLabel(status)}</Badge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? "success" : "neutral"}>{active ? COMMON_TEXTS.active : COMMON_TEXTS.inactive}</Badge>;
}
