import type { ToastMessage } from "remix-toast";
import { Toaster } from "~/components/toaster";
import { useHydrated } from "./use-hydrated";

/**
 * The toast of a form answer that re-renders the page (a validation error, a webhook test), for
 * browsers without JavaScript; with JavaScript the root's toaster shows it. Takes the route's
 * action data, which carries `toast` when the action used a toast-data helper.
 */
export function NoScriptToast({ actionData }: { actionData: unknown }) {
  const hydrated = useHydrated();
  const toast = (actionData as { toast?: ToastMessage } | undefined)?.toast;
  if (hydrated || !toast) return null;
  return <Toaster toast={toast} />;
}
