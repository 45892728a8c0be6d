import type { ContactMessage, Order } from "~/db/schema";
import { siteOrigin } from "~/lib/site-url.server";

// What each business event carries: the record as the admin sees it, in snake_case
// like the chat's payload. docs/integrations.md's "Business events" lists the fields.

/** The client's order-status page; absolute when SITE_URL is set. */
export function orderStatusUrl(statusToken: string): string {
  return `${siteOrigin() ?? ""}/order/status/${statusToken}`;
}

export function orderEventData(order: Order): Record<string, unknown> {
  return {
    id: order.id,
    client_name: order.clientName,
    client_email: order.clientEmail,
    client_phone: order.clientPhone,
    service_id: order.serviceId,
    service_name: order.serviceName,
    setup_price: order.setupPrice,
    monthly_price: order.monthlyPrice,
    total_price: order.totalPrice,
    notes: order.notes,
    status: order.status,
    payment_method: order.paymentMethod,
    order_date: order.orderDate.toISOString(),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    // The client's own page: a workflow sending its own confirmation links to it.
    status_url: orderStatusUrl(order.statusToken),
  };
}

export function contactEventData(message: ContactMessage): Record<string, unknown> {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    message: message.message,
    chat_session_id: message.chatSessionId,
    created_at: message.createdAt.toISOString(),
  };
}
