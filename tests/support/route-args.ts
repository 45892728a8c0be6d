import path from "node:path";

import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  createStaticHandler,
  isRouteErrorResponse,
  type RouteObject,
  type StaticHandler,
  type StaticHandlerContext,
} from "react-router";
import type { ToastMessage } from "remix-toast";

import { requestContext } from "~/lib/request-context.server";
import type { Admin } from "~/models/admin-users.server";
import routeTable from "~/routes";
import { getToast } from "~/services/toast.server";

import { TEST_PASSWORD } from "./factories";

// Loader and action tests send real Requests through the route table (app/routes.ts), as the
// server does: the route middleware (toast scope, admin guard) runs, then the action and the
// loaders, and errors reach their boundary. What comes back is read from React Router's own
// answer, never from the objects a route function returns.

export const TEST_ORIGIN = "http://localhost";

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
export function cookiesFrom(response: { headers: Headers }): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The route ids React Router gives the entries of app/routes.ts: the file without extension. */
export function routeId(entry: Pick<RouteConfigEntry, "id" | "file">): string {
  return entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
}

async function dataRoutes(entries: RouteConfigEntry[]): Promise<RouteObject[]> {
  return Promise.all(
    entries.map(async (entry) => {
      const module = await import(path.resolve("app", entry.file));
      return {
        id: routeId(entry),
        path: entry.path,
        index: entry.index,
        loader: module.loader,
        action: module.action,
        middleware: module.middleware,
        hasErrorBoundary: Boolean(module.ErrorBoundary),
        children: entry.children ? await dataRoutes(entry.children) : undefined,
      } as RouteObject;
    }),
  );
}

let handler: Promise<StaticHandler> | undefined;
function appHandler(): Promise<StaticHandler> {
  handler ??= (async () => {
    const root = await import(path.resolve("app/root.tsx"));
    const children = await dataRoutes(routeTable);
    return createStaticHandler([
      { id: "root", path: "", loader: root.loader, middleware: root.middleware, hasErrorBoundary: true, children },
    ]);
  })();
  return handler;
}

export interface Answer {
  status: number;
  /** Where a redirect leads. */
  location: string | null;
  headers: Headers;
  /** What the action answered, for the form. */
  actionData: unknown;
  /** What each route's loader answered, by route id (none for a redirect or a data request's POST). */
  loaderData: Record<string, unknown>;
  /** The error a boundary shows, and which route's boundary. */
  error?: { boundary: string; status: number; message: unknown };
  /** The toast the visitor sees: on this page, or (redirects, data requests) on the next one. */
  toast?: ToastMessage;
}

/**
 * Sends a request through the app's routes. A document request (the default) renders a page: after
 * an action every loader runs. A data request (`javaScript: true`) is what a form posted with
 * JavaScript sends: the action's answer alone, the loaders follow in a request of their own.
 * `pageCacheKey` is what the server entry gives a page every visitor gets alike: the page cache
 * keeps the answer (its body empty here: the page is not rendered to HTML).
 */
export async function send(
  request: Request,
  options: { ip?: string; javaScript?: boolean; pageCacheKey?: string } = {},
): Promise<Answer> {
  const context = requestContext({
    clientIp: options.ip ?? "127.0.0.1",
    cspNonce: "",
    pageCacheKey: options.pageCacheKey,
  });
  let page: StaticHandlerContext | undefined;
  const response = (await (
    await appHandler()
  ).query(request, {
    requestContext: context,
    skipRevalidation: options.javaScript,
    generateMiddlewareResponse: async (query) => {
      const result = await query(request);
      if (result instanceof Response) return result;
      page = result;
      const headers = new Headers();
      for (const routeHeaders of [...Object.values(result.actionHeaders), ...Object.values(result.loaderHeaders)]) {
        for (const cookie of routeHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
      }
      return new Response(null, { status: result.statusCode, headers });
    },
  })) as Response;
  const [boundary, error] = Object.entries(page?.errors ?? {})[0] ?? [];
  const shown = (page?.loaderData.root as { toast?: ToastMessage } | undefined)?.toast;
  return {
    status: response.status,
    location: response.headers.get("Location"),
    headers: response.headers,
    actionData: Object.values(page?.actionData ?? {})[0],
    loaderData: page?.loaderData ?? {},
    error: boundary
      ? {
          boundary,
          status: isRouteErrorResponse(error) ? error.status : 500,
          message: isRouteErrorResponse(error) ? error.data : error,
        }
      : undefined,
    toast: shown ?? (await toastInCookie(response.headers)),
  };
}

async function toastInCookie(headers: Headers): Promise<ToastMessage | undefined> {
  const cookie = headers.getSetCookie().find((c) => c.startsWith("toast="));
  if (!cookie) return undefined;
  return (await getToast(getRequest("/", cookie.split(";")[0]))).toast;
}

/** The session cookie of `admin`, signed in through the login form's action. */
export async function sessionFor(admin: Pick<Admin, "username">, password = TEST_PASSWORD): Promise<string> {
  const answer = await send(postRequest("/admin/login", { username: admin.username, password }), {
    ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (answer.status !== 302) throw new Error(`Signing in as ${admin.username} answered ${answer.status}`);
  return cookiesFrom(answer)
    .split("; ")
    .filter((cookie) => cookie.startsWith("__session="))
    .join("; ");
}
