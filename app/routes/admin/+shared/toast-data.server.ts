import { dataWithError, dataWithSuccess, type ToastText } from "~/lib/toast.server";

// dataWithSuccess and dataWithError, with the toast also in the returned data. The flash cookie
// comes with this answer: with JavaScript the root shows it when it revalidates. Without
// JavaScript this answer is the page itself, rendered before the cookie existed, so the screen
// shows the toast from the data instead (NoScriptToast).

export function dataWithErrorToast<T extends object>(payload: T, toast: ToastText, init?: ResponseInit) {
  return dataWithError({ ...payload, toast: { ...toast, type: "error" as const } }, toast, init);
}

export function dataWithSuccessToast<T extends object>(payload: T, toast: ToastText, init?: ResponseInit) {
  return dataWithSuccess({ ...payload, toast: { ...toast, type: "success" as const } }, toast, init);
}
