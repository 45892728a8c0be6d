import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { OrderStatus } from "~/lib/domain";

const ORDER_TONES: Record<OrderStatus, BadgeTone> = { pending: "warning", paid: "success", cancelled: "danger" };

export function orderStatusLabel(status: OrderStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_TONES[status]}>{orderStatusLabel(status)}</Badge>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? "success" : "neutral"}>{active ? "Active" : "Inactive"}</Badge>;
}
