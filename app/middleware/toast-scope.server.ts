import type { MiddlewareFunction } from "react-router";

import { type ToastScope, toastScopeContext, unshownToastCookie } from "~/services/toast.server";

/**
 * The root route's middleware: every request gets a toast scope (see app/services/toast.server.ts).
 * A toast an action set that the page did not show leaves with the answer, in the flash cookie.
 */
export const toastScope: MiddlewareFunction<Response> = async ({ context }, next) => {
  const scope: ToastScope = { shown: false };
  context.set(toastScopeContext, scope);
  const response = await next();
  const cookie = await unshownToastCookie(scope);
  if (cookie) response.headers.append("Set-Cookie", cookie);
  return response;
};
