import type { DueDelivery } from "~/models/outbox.server";

// What every channel's delivery (an event webhook, an email, Airtable) gives the worker back.

export interface DeliveryOutcome {
  ok: boolean;
  /** The HTTP status, or the SMTP reply code; null when there was no answer. */
  statusCode: number | null;
  /** The first part of the answer, or why there was none (the worker keeps 500 characters). */
  response: string | null;
  /** 410 Gone: the endpoint asked to receive nothing more. */
  gone?: boolean;
  /** Not attempted: its endpoint was switched off. */
  cancelled?: boolean;
}

export type DeliveryHandler = (
  delivery: DueDelivery,
  context: { now: Date; timeoutMs: number },
) => Promise<DeliveryOutcome>;
