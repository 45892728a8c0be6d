import { useRouteLoaderData } from "react-router";
import type { ToastMessage } from "remix-toast";
import { Toaster } from "~/components/toaster";
import type { loader as rootLoader } from "~/root";
import { useHydrated } from "./use-hydrated";

/**
 * The toast of a form answer that re-renders the page (a validation error, a webhook test), for
 * browsers without JavaScript: that page is rendered in the same request as the action, before
 * the flash cookie reaches the browser. Takes the route's action data, which carries `toast` when
 * the action used a toast-data helper. Shows nothing with JavaScript (the root's toaster shows the
 * toast after revalidating) or when the root already shows this toast.
 */
export function NoScriptToast({ actionData }: { actionData: unknown }) {
  const hydrated = useHydrated();
  const rootToast = useRouteLoaderData<typeof rootLoader>("root")?.toast;
  const toast = (actionData as { toast?: ToastMessage } | undefined)?.toast;
  if (hydrated || !toast || rootToast?.message === toast.message) return null;
  return <Toaster toast={toast} />;
}
