import { createContext, type MiddlewareFunction } from "react-router";

import { requestInfoContext } from "~/lib/request-context.server";
import { invalidatePages, pageCacheGeneration, startRendering } from "~/services/page-cache/cache.server";
import { keepRenderedPage } from "~/services/page-cache/page.server";

/**
 * The instant the page being rendered stops being true without any write, set by the loader that
 * reads the clock (the root loader: the footer's copyright year turns on 1 January in the site's
 * time zone). The cache forgets the page then, whatever the admin does or does not change.
 */
export const pageExpiryContext = createContext<number>(Infinity);

/**
 * The root route's outermost middleware. A request the server entry found cacheable but not yet
 * cached (server/page-cache.ts answers the ones it has) is rendered, then kept for the next
 * visitors, unless something visitors see changed while it rendered.
 */
export const pageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const key = context.get(requestInfoContext).pageCacheKey;
  if (!key || request.method !== "GET") return next();
  const generation = pageCacheGeneration();
  const rendered = startRendering(key);
  try {
    const response = await next();
    return await keepRenderedPage(key, { generation, expiresAt: context.get(pageExpiryContext) }, response, rendered);
  } catch (error) {
    rendered();
    throw error;
  }
};

/**
 * The admin layout's middleware: after any admin write, this instance forgets its pages at once
 * (the database's notification tells the other instances, app/services/page-cache/sync.server.ts).
 */
export const forgetPagesAfterAdminWrites: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (request.method !== "GET" && request.method !== "HEAD") invalidatePages();
  return response;
};
