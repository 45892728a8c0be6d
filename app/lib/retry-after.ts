import type { HeadersArgs } from "react-router";

/**
 * A route's `headers` export for actions that refuse with 429: React Router passes an action's
 * headers (other than cookies) to the visitor only through this export, so without it the
 * `Retry-After` the rate limits set would never leave the server.
 */
export function retryAfterHeaders({ actionHeaders }: HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
