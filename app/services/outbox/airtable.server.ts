import { z } from "zod";

import { AIRTABLE_ANSWERS, AIRTABLE_COLUMNS } from "~/copy/admin";
import type { Order } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { orderStatusUrl } from "~/models/event-data.server";
import { readAirtableSync } from "~/models/integrations.server";
import { getOrder } from "~/models/orders.server";
import { sendWebhook } from "~/services/webhooks.server";

import type { DeliveryHandler } from "./handler";

// Orders kept in step with an Airtable table (docs/integrations.md's "Airtable sync" has the
// fields and the API's documentation). Every delivery, order.created or order.status_changed, is
// the same upsert of the whole row keyed on "Order ID": a retry after a time-out never makes a
// second row, and a status change landing before its order's creation still makes one.

/** The column Airtable finds the order's row by: a plain (not computed) field, the order's id. */
const MERGE_FIELD = AIRTABLE_COLUMNS.orderId;

/** What the handler needs of an event: the order it is about. */
const OrderEventSchema = z.object({ id: z.string().min(1) });

/** The order's row, as docs/integrations.md documents it. */
function airtableFields(order: Order): Record<string, string | number | null> {
  return {
    [MERGE_FIELD]: order.id,
    [AIRTABLE_COLUMNS.clientName]: order.clientName,
    [AIRTABLE_COLUMNS.clientEmail]: order.clientEmail,
    [AIRTABLE_COLUMNS.clientPhone]: order.clientPhone,
    [AIRTABLE_COLUMNS.service]: order.serviceName,
    [AIRTABLE_COLUMNS.setupPrice]: order.setupPrice,
    [AIRTABLE_COLUMNS.monthlyPrice]: order.monthlyPrice,
    [AIRTABLE_COLUMNS.totalPrice]: order.totalPrice,
    [AIRTABLE_COLUMNS.status]: order.status,
    [AIRTABLE_COLUMNS.orderDate]: order.orderDate.toISOString(),
    [AIRTABLE_COLUMNS.notes]: order.notes,
    [AIRTABLE_COLUMNS.statusPage]: orderStatusUrl(order.statusToken),
  };
}

function tableUrl(baseId: string, tableId: string): string {
  const api = getEnv().AIRTABLE_API_URL.replace(/\/+$/, "");
  return `${api}/v0/${encodeURIComponent(baseId)}/${encodeURIComponent(tableId)}`;
}

/** What the log keeps of a success: the row's id, not the client's data Airtable sends back. */
function summary(body: string): string {
  try {
    const answer = JSON.parse(body) as { createdRecords?: unknown; updatedRecords?: unknown };
    if (Array.isArray(answer.createdRecords) && answer.createdRecords.length > 0) {
      return AIRTABLE_ANSWERS.created(String(answer.createdRecords[0]));
    }
    if (Array.isArray(answer.updatedRecords) && answer.updatedRecords.length > 0) {
      return AIRTABLE_ANSWERS.updated(String(answer.updatedRecords[0]));
    }
  } catch {
    // Not JSON: a 2xx is still a success.
  }
  return "OK";
}

// Two upserts of one order at once could each find no row and both create one; after that every
// upsert of the order fails on its two matches. One worker run can hold an order's creation and
// its status change together, so they go one after the other.
const inFlight = new Map<string, Promise<unknown>>();

function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = inFlight.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.catch(() => {});
  inFlight.set(key, settled);
  void settled.then(() => {
    if (inFlight.get(key) === settled) inFlight.delete(key);
  });
  return run;
}

/**
 * Upserts the order's row through the guarded client (public addresses only unless
 * ALLOW_PRIVATE_WEBHOOK_URLS, answers capped, a deadline). The row is the order as it is now, not
 * as its event carried it: a retry of the creation that comes after a status change must not put
 * the old status back, nor a client's erased details.
 */
export const deliverToAirtable: DeliveryHandler = async (delivery, { timeoutMs }) => {
  const sync = await readAirtableSync();
  // Removed from the integrations since this delivery was made: the sync is off, as for an
  // event webhook switched off.
  if (!sync) return { ok: false, statusCode: null, response: null, cancelled: true };
  const { id } = OrderEventSchema.parse(delivery.event.data);
  return oneAtATime(id, async () => {
    const order = await getOrder(id);
    // Deleted from the database by hand: there is nothing left to keep in step.
    if (!order) return { ok: false, statusCode: null, response: null, cancelled: true };
    const response = await sendWebhook(
      {
        url: tableUrl(sync.baseId, sync.tableId),
        method: "PATCH",
        headers: { Authorization: `Bearer ${sync.token}` },
      },
      {
        performUpsert: { fieldsToMergeOn: [MERGE_FIELD] },
        records: [{ fields: airtableFields(order) }],
        typecast: true,
      },
      { timeoutMs },
    );
    // The log is shown in the admin: the token must not reach it, even echoed by a proxy.
    const body = response.body.replaceAll(sync.token, "[token]");
    return { ok: response.ok, statusCode: response.status, response: response.ok ? summary(body) : body };
  });
};
