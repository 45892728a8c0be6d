// The live chat's streams (Server-Sent Events) as pure logic: how many may be open, where a
// reconnecting stream goes on from, and the wire format. The streams themselves are
// app/services/chat/live.server.ts; docs/decisions/020-live-chat-over-sse.md says why SSE.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a stream goes on from: the last message the browser has, a message id. EventSource sends
 * it as Last-Event-ID when it reconnects; the widget's first connection names it in `?after=`
 * (EventSource cannot set headers). Anything that is not a message id counts as none.
 */
export function streamCursor(lastEventId: string | null, after: string | null): string | null {
  for (const candidate of [lastEventId, after]) {
    const id = candidate?.trim();
    if (id && UUID.test(id)) return id.toLowerCase();
  }
  return null;
}

export type StreamRefusal = "instance" | "address";

/**
 * The open streams of one instance, counted in all and per visitor address (rateLimitAddress's
 * key): a refused visitor's widget asks /chat/messages every few seconds instead.
 */
export class StreamCaps {
  private open = 0;
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly limits: () => { max: number; perAddress: number }) {}

  get size(): number {
    return this.open;
  }

  /** Takes a place for a stream from `address` (null: staff, who count only in all); or says why not. */
  take(address: string | null): { release: () => void } | { refused: StreamRefusal } {
    const { max, perAddress } = this.limits();
    if (this.open >= max) return { refused: "instance" };
    const held = address === null ? 0 : (this.perAddress.get(address) ?? 0);
    if (address !== null && held >= perAddress) return { refused: "address" };
    this.open += 1;
    if (address !== null) this.perAddress.set(address, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.open -= 1;
        if (address === null) return;
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else this.perAddress.delete(address);
      },
    };
  }
}

/** One event as text/event-stream writes it; JSON keeps the data on one line. */
export function sseEvent(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment: keeps proxies (Fly.io's closes a connection idle for 60 s) from closing the stream. */
export const SSE_HEARTBEAT = ": ping\n\n";

/** The browser waits this long before reconnecting a dropped stream. */
export const SSE_RETRY_MS = 2000;
