import { createContext, createCookieSessionStorage, data, type RouterContextProvider } from "react-router";
import { createToastUtilsWithCustomSession, type ToastMessage } from "remix-toast";

import { signedCookieOptions } from "~/lib/cookie-options.server";

export const TOAST_COOKIE = "toast";

// The one toast helper: every success and error message of the site goes through here.
// Toasts travel in a signed flash cookie, so a page rendered without JavaScript shows them too.
function createToastUtils() {
  const storage = createCookieSessionStorage({ cookie: { name: TOAST_COOKIE, ...signedCookieOptions() } });
  return { storage, ...createToastUtilsWithCustomSession(storage) };
}

let utils: ReturnType<typeof createToastUtils> | undefined;
function toastUtils() {
  utils ??= createToastUtils();
  return utils;
}

export type ToastText = { message: string; description?: string };

type Context = Readonly<RouterContextProvider>;

// A form posted without JavaScript gets its answer page from the same request as the action, so
// a toast put in the cookie would only show on the *next* page. The root middleware opens a scope
// for every request (app/middleware/toast-scope.server.ts): a toast set by an action waits there,
// the root loader shows it on the page it renders, and only a toast no page has shown (the answer
// to a data request, which renders no page) goes into the flash cookie for the next request.
export type ToastScope = { toast?: ToastMessage; shown: boolean };
export const toastScopeContext = createContext<ToastScope | null>(null);

// A toast's cookie is the same every time (no date, no nonce in it): signing it (WebCrypto, a
// quarter of a refused data request's time) is done once per toast. Toasts with values in them
// (a name, minutes to wait) vary, so the oldest is dropped past this many.
const MAX_SIGNED_TOASTS = 100;
const signedToasts = new Map<string, Promise<string | null>>();

/** The Set-Cookie that carries a toast no page has shown to the next request, if there is one. */
export async function unshownToastCookie(scope: ToastScope): Promise<string | null> {
  if (!scope.toast || scope.shown) return null;
  const toast = scope.toast;
  const key = JSON.stringify(toast);
  let cookie = signedToasts.get(key);
  if (!cookie) {
    // remix-toast writes its flash cookie only into answers it builds: this one is built for it.
    cookie = toastUtils()
      .redirectWithToast("/", toast)
      .then((carrier) => carrier.headers.get("Set-Cookie"));
    signedToasts.set(key, cookie);
    cookie.catch(() => signedToasts.delete(key));
    if (signedToasts.size > MAX_SIGNED_TOASTS) signedToasts.delete(signedToasts.keys().next().value!);
  }
  return cookie;
}

function dataWithToast<T>(
  context: Context,
  type: ToastMessage["type"],
  value: T,
  toast: ToastText | string,
  init?: ResponseInit,
) {
  const message = typeof toast === "string" ? { message: toast } : toast;
  const scope = context.get(toastScopeContext);
  // Outside the root middleware (a route function called on its own) the cookie carries it.
  if (!scope) return toastUtils().dataWithToast(value, { ...message, type }, init);
  scope.toast = { ...message, type };
  return Promise.resolve(data(value, init));
}

/**
 * The flash cookie's toast, and the headers that delete the cookie once it is read (remix-toast
 * would keep an empty one, and a visitor with a toast cookie never gets a cached page).
 */
export async function getToast(request: Request) {
  const { storage, getToast: readToast } = toastUtils();
  const { toast } = await readToast(request);
  const emptied = await storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
  return { toast, headers: new Headers({ "Set-Cookie": emptied }) };
}

function hasToastCookie(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").split(";").some((pair) => pair.trim().startsWith(`${TOAST_COOKIE}=`));
}

/** The toast of the page being rendered: one set during this very request, else the cookie's. */
export async function getPageToast(request: Request, context: Context) {
  // Reading the cookie also deletes it: without one there is nothing to delete, and a page
  // without Set-Cookie is one the page cache may keep.
  const fromCookie = hasToastCookie(request) ? await getToast(request) : { toast: undefined, headers: new Headers() };
  const scope = context.get(toastScopeContext);
  if (!scope?.toast) return fromCookie;
  scope.shown = true;
  return { ...fromCookie, toast: scope.toast };
}

export const redirectWithSuccess = (url: string, toast: ToastText | string, init?: ResponseInit) =>
  toastUtils().redirectWithSuccess(url, toast, init);
export const redirectWithError = (url: string, toast: ToastText | string, init?: ResponseInit) =>
  toastUtils().redirectWithError(url, toast, init);
export const dataWithSuccess = <T>(context: Context, value: T, toast: ToastText | string, init?: ResponseInit) =>
  dataWithToast(context, "success", value, toast, init);
export const dataWithError = <T>(context: Context, value: T, toast: ToastText | string, init?: ResponseInit) =>
  dataWithToast(context, "error", value, toast, init);
