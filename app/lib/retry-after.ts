import type { HeadersArgs } from "react-router";

/**
 * How long a visitor is asked to wait while the database is out of reach: the site
 * answers again within a second of its return, but the outage's length is anyone's guess.
 */
export const DATABASE_RETRY_AFTER_S = 30;

/**
 * A route's `headers` export for actions that refuse with 429 or 503: React Router passes an
 * action's headers (other than cookies) to the visitor only through this export, so without it
 * the `Retry-After` of a rate limit or an outage would never leave the server.
 */
export function retryAfterHeaders({ actionHeaders }: HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
