import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

import { SHUTDOWN_TEXT } from "~/copy/shutdown";

// Graceful shutdown. On SIGTERM server/main.ts drains through a RequestGate:
// - the listener stops accepting connections: a new connection is refused, which a proxy (Fly's)
//   retries elsewhere, safely even for a POST, since nothing was sent;
// - every request already in flight runs to its end, with Connection: close if its answer has
//   not started, so its client does not send another on the same connection;
// - a request that arrives meanwhile on a connection already open (a proxy's or a browser's
//   keep-alive connection) is answered 503 with Retry-After and Connection: close. Closing such
//   connections at once instead (what http.Server.close() does to idle ones) races a client that
//   has just sent a request on one: it reads a reset and cannot tell whether its order arrived.
// Once no request is in flight and none has come for a moment, or the drain's time is up, every
// connection is closed.

/** How long a refused client is asked to wait: about what a restart takes on Fly.io. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 10;

/**
 * The 503 waits for the request's body, read and dropped: a connection closed while the client is
 * still sending makes it read a reset instead of the answer. Not longer than this, though.
 */
const REFUSED_BODY_WAIT_MS = 1000;

/**
 * Once nothing is in flight, connections stay open until none has carried a request for this
 * long: a client that has just read an answer without Connection: close (begun before the
 * signal) may be sending its next request on that connection, and closing it then would make it
 * read a reset instead of the 503. A second, since a loaded client can take that long to send.
 * Idle keep-alive connections are closed after it.
 */
const DRAIN_QUIET_MS = 1000;

export class RequestGate {
  private draining = false;
  private readonly inFlight = new Set<ServerResponse>();
  private onIdle: (() => void) | undefined;
  private lastActivity = 0;

  /** How many requests are being answered. */
  get size(): number {
    return this.inFlight.size;
  }

  /** Runs `handle` for the request, or answers 503 while draining. */
  admit(req: IncomingMessage, res: ServerResponse, handle: () => void): void {
    this.inFlight.add(res);
    this.lastActivity = Date.now();
    res.once("close", () => {
      this.lastActivity = Date.now();
      this.inFlight.delete(res);
      if (this.inFlight.size === 0) this.onIdle?.();
    });
    if (this.draining) refuse(req, res);
    else handle();
  }

  /** Stops accepting connections: resolves once a new one is refused. */
  async stopAccepting(listener: Server): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    // Connections the kernel has completed but node has not accepted yet (a busy event loop
    // leaves them queued) would be reset by the close: a turn of the loop accepts them, and
    // their requests get the 503.
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    // net.Server's close, not http.Server's: that one would also close the idle keep-alive
    // connections at once (see above).
    NetServer.prototype.close.call(listener);
    // Only now: a client told to close would open a new connection, which the listener must
    // refuse rather than have queued.
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  }

  /**
   * Stops accepting connections (if that has not been done) and waits for the requests in flight,
   * `timeoutMs` at most, then closes every connection. Resolves with the number of requests cut
   * short.
   */
  async drain(listener: Server, timeoutMs: number): Promise<number> {
    await this.stopAccepting(listener);
    const deadline = Date.now() + timeoutMs;
    this.lastActivity = Date.now();
    for (let left = timeoutMs; left > 0; left = deadline - Date.now()) {
      if (this.inFlight.size > 0) {
        await new Promise<void>((resolve) => {
          this.onIdle = resolve;
          setTimeout(resolve, left).unref();
        });
        continue;
      }
      const quietFor = Date.now() - this.lastActivity;
      if (quietFor < DRAIN_QUIET_MS) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(DRAIN_QUIET_MS - quietFor, left)));
        continue;
      }
      // Timers run before the event loop reads sockets: a request that came while the process was
      // busy or descheduled is still unread here. A turn of the loop admits it before the close.
      await new Promise((resolve) => setImmediate(resolve));
      if (this.inFlight.size === 0 && Date.now() - this.lastActivity >= DRAIN_QUIET_MS) break;
    }
    const cut = this.inFlight.size;
    listener.closeAllConnections();
    return cut;
  }
}

function refuse(req: IncomingMessage, res: ServerResponse): void {
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    res
      .writeHead(503, {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(SHUTDOWN_RETRY_AFTER_SECONDS),
        "Cache-Control": "no-store",
        Connection: "close",
      })
      .end(SHUTDOWN_TEXT);
  };
  req.once("end", answer);
  req.once("error", answer);
  setTimeout(answer, REFUSED_BODY_WAIT_MS).unref();
  req.resume();
}
