import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { isDatabaseUnavailable } from "~/db/client.server";

// Whether a loader, action or middleware of this request failed because the database is out of
// reach. React Router hands every such failure to handleError (app/entry.server.tsx),
// which notes it here, before the page is rendered, so the root middleware below sees it.
const databaseOutageContext = createContext<boolean>(false);

export function noteFailure(context: Readonly<RouterContextProvider> | undefined, error: unknown): void {
  if (context && isDatabaseUnavailable(error)) context.set(databaseOutageContext, true);
}

export function failedForWantOfDatabase(context: Readonly<RouterContextProvider>): boolean {
  return context.get(databaseOutageContext);
}

/**
 * The root route's innermost middleware: a request that failed for want of the database is
 * answered by the root error boundary as a 503, "temporarily unavailable", rather than a 500
 * "something went wrong"; the document gets a Retry-After (app/entry.server.tsx).
 */
export const databaseOutage: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (!failedForWantOfDatabase(context)) return response;
  throw data(null, { status: 503, statusText: "Service Unavailable" });
};
