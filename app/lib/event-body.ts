/**
 * The body every event webhook receives: Standard Webhooks' `type`, `timestamp` and `data`. Made
 * from the stored event alone, so the delivery log shows the very bytes each attempt sent.
 */
export function eventBody(event: { type: string; createdAt: Date; data: Record<string, unknown> }): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
}
