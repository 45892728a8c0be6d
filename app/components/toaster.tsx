import { useEffect, useState } from "react";
import type { ToastMessage } from "remix-toast";

import { Icon } from "~/components/ui/icon";
import { UI_TEXTS } from "~/copy/ui";
import { useHydrated } from "~/lib/hydrated";

const DEFAULT_DURATION_MS = 6000;

const STYLES = {
  success: { icon: "circle-check", className: "border-emerald-200 bg-emerald-50 text-emerald-900" },
  error: { icon: "circle-alert", className: "border-red-200 bg-red-50 text-red-900" },
  warning: { icon: "triangle-alert", className: "border-amber-200 bg-amber-50 text-amber-900" },
  info: { icon: "info", className: "border-sky-200 bg-sky-50 text-sky-900" },
} as const;

// A form that shows the cause of an error toast withdraws the toast once the cause is fixed.
const DISMISS_EVENT = "toast:dismiss";

/** Takes the visible toast with this message away (a stale "Invalid JSON in headers"). */
export function dismissToast(message: string) {
  window.dispatchEvent(new CustomEvent<string>(DISMISS_EVENT, { detail: message }));
}

/**
 * Renders the flash toast on the server too, so visitors without JavaScript see it; with
 * JavaScript it dismisses itself and can be closed.
 */
export function Toaster({ toast }: { toast: ToastMessage | undefined }) {
  const [visible, setVisible] = useState(toast);
  const [latest, setLatest] = useState(toast);
  const hydrated = useHydrated();
  const dismiss = () => setVisible(undefined);

  // A later page load without a toast (a revalidation, the redirect home after an order) must
  // not cut the visible one short: only a new toast replaces it, only its timer removes it.
  if (toast && toast !== latest) {
    setLatest(toast);
    setVisible(toast);
  }
  useEffect(() => {
    if (!visible) return;
    const onDismiss = (event: Event) => {
      if ((event as CustomEvent<string>).detail === visible.message) setVisible(undefined);
    };
    window.addEventListener(DISMISS_EVENT, onDismiss);
    const timer = setTimeout(() => setVisible(undefined), visible.duration ?? DEFAULT_DURATION_MS);
    return () => {
      window.removeEventListener(DISMISS_EVENT, onDismiss);
      clearTimeout(timer);
    };
  }, [visible]);

  const polite = visible && visible.type !== "error" ? visible : undefined;
  const urgent = visible?.type === "error" ? visible : undefined;
  // Both live regions stay in the page, so screen readers announce the text put into them; a
  // region created together with its text is often missed.
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center px-3 sm:inset-x-auto sm:right-4 sm:top-4 sm:items-end">
      <div role="status" className="w-full max-w-sm">
        {polite ? <ToastCard toast={polite} onDismiss={hydrated ? dismiss : undefined} /> : null}
      </div>
      <div role="alert" className="w-full max-w-sm">
        {urgent ? <ToastCard toast={urgent} onDismiss={hydrated ? dismiss : undefined} /> : null}
      </div>
    </div>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ToastMessage; onDismiss?: () => void }) {
  const { icon, className } = STYLES[toast.type];
  return (
    <div
      data-toast={toast.type}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg ${className}`}
    >
      <Icon name={icon} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.message}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      {/* Without JavaScript the button could do nothing; the toast goes with the next page. */}
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
          aria-label={UI_TEXTS.dismissNotification}
        >
          <Icon name="x" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
