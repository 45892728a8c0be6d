import { signedCookieOptions } from "~/lib/cookie-options.server";
import { AsyncLocalStorage } from "node:async_hooks";
import { createCookieSessionStorage, data } from "react-router";
import { createToastUtilsWithCustomSession, type ToastMessage } from "remix-toast";

// The one toast helper: every success and error message of the site goes through here.
// Toasts travel in a signed flash cookie, so a page rendered without JavaScript shows them too.
function createToastUtils() {
  return createToastUtilsWithCustomSession(
    createCookieSessionStorage({ cookie: { name: "toast", ...signedCookieOptions() } }),
  );
}

let utils: ReturnType<typeof createToastUtils> | undefined;
function toastUtils() {
  utils ??= createToastUtils();
  return utils;
}

export type ToastText = { message: string; description?: string };

// A form posted without JavaScript gets its answer page from the same request as the action, so
// a toast put in the cookie by dataWith* would only show on the *next* page. In such a document
// request the toast is kept here instead, for the root loader of this very request.
const documentRequest = new AsyncLocalStorage<{ toast?: ToastMessage }>();

/** Runs a request; `isDocument` is false for React Router's data requests (paths ending in .data). */
export function runInToastScope<T>(isDocument: boolean, handle: () => T): T {
  return isDocument ? documentRequest.run({}, handle) : handle();
}

function dataWithToast<T>(type: ToastMessage["type"], value: T, toast: ToastText | string, init?: ResponseInit) {
  const scope = documentRequest.getStore();
  const message = typeof toast === "string" ? { message: toast } : toast;
  if (!scope) return toastUtils().dataWithToast(value, { ...message, type }, init);
  scope.toast = { ...message, type };
  return Promise.resolve(data(value, init));
}

export async function getToast(request: Request) {
  const fromCookie = await toastUtils().getToast(request);
  const fromThisRequest = documentRequest.getStore()?.toast;
  return fromThisRequest ? { ...fromCookie, toast: fromThisRequest } : fromCookie;
}

export const redirectWithSuccess = (url: string, toast: ToastText | string, init?: ResponseInit) =>
  toastUtils().redirectWithSuccess(url, toast, init);
export const redirectWithError = (url: string, toast: ToastText | string, init?: ResponseInit) =>
  toastUtils().redirectWithError(url, toast, init);
export const dataWithSuccess = <T>(value: T, toast: ToastText | string, init?: ResponseInit) =>
  dataWithToast("success", value, toast, init);
export const dataWithError = <T>(value: T, toast: ToastText | string, init?: ResponseInit) =>
  dataWithToast("error", value, toast, init);
