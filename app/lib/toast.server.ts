import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getEnv } from "./env.server";

// The one toast helper: every success and error message of the site goes through here.
// Toasts travel in a signed flash cookie, so a page rendered without JavaScript shows them too.
function createToastUtils() {
  const env = getEnv();
  return createToastUtilsWithCustomSession(
    createCookieSessionStorage({
      cookie: {
        name: "toast",
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: env.NODE_ENV === "production",
        secrets: [env.SESSION_SECRET],
      },
    }),
  );
}

let utils: ReturnType<typeof createToastUtils> | undefined;
function toastUtils() {
  utils ??= createToastUtils();
  return utils;
}

export type ToastText = { message: string; description?: string };

export const getToast = (request: Request) => toastUtils().getToast(request);
export const redirectWithSuccess = (url: string, toast: ToastText | string, init?: ResponseInit) =>
  toastUtils().redirectWithSuccess(url, toast, init);
export const redirectWithError = (url: string, toast: ToastText | string, init?: ResponseInit) =>
  toastUtils().redirectWithError(url, toast, init);
export const dataWithSuccess = <T,>(data: T, toast: ToastText | string, init?: ResponseInit) =>
  toastUtils().dataWithSuccess(data, toast, init);
export const dataWithError = <T,>(data: T, toast: ToastText | string, init?: ResponseInit) =>
  toastUtils().dataWithError(data, toast, init);
