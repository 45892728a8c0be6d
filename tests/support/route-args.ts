import { requestContext } from "~/lib/request-context.server";
import { getToast } from "~/services/toast.server";

// Loader and action tests call route functions directly with a real Request, as the server does.

export const TEST_ORIGIN = "http://localhost";

export function routeArgs(request: Request, options: { params?: Record<string, string>; ip?: string } = {}) {
  const context = requestContext({ clientIp: options.ip ?? "127.0.0.1", cspNonce: "" });
  return { request, params: options.params ?? {}, context, unstable_pattern: "" } as never;
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string>, cookie?: string): Request {
  return new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Runs a loader or action and returns what it threw (redirects, 403s, 404s) or returned. */
export async function settle<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if ((error as { type?: unknown } | null)?.type === "DataWithResponseInit") return error as T;
    throw error;
  }
}

/** The status of what a route function answered: a Response, or data() with an init. */
export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: ResponseInit } | null)?.init;
  return init?.status ?? 200;
}

/** The flash toast a route function's answer (a Response, or data() with an init) set. */
export async function toastOf(result: unknown) {
  const headers =
    result instanceof Response ? result.headers : new Headers((result as { init?: ResponseInit }).init?.headers);
  const toastCookie = headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
  if (!toastCookie) return undefined;
  return (await getToast(getRequest("/", toastCookie.split(";")[0]))).toast;
}
