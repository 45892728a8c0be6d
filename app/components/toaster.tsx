import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from "lucide-react";
import { useEffect, useState } from "react";
import type { ToastMessage } from "remix-toast";

const DEFAULT_DURATION_MS = 6000;

const STYLES = {
  success: { icon: CircleCheck, className: "border-emerald-200 bg-emerald-50 text-emerald-900" },
  error: { icon: CircleAlert, className: "border-red-200 bg-red-50 text-red-900" },
  warning: { icon: TriangleAlert, className: "border-amber-200 bg-amber-50 text-amber-900" },
  info: { icon: Info, className: "border-sky-200 bg-sky-50 text-sky-900" },
} as const;

/**
 * Renders the flash toast on the server too, so visitors without JavaScript see it; with
 * JavaScript it dismisses itself and can be closed.
 */
export function Toaster({ toast }: { toast: ToastMessage | undefined }) {
  const [visible, setVisible] = useState(toast);

  // A later page load without a toast (a revalidation, the redirect home after an order) must
  // not cut the visible one short: only a new toast replaces it, only its timer removes it.
  useEffect(() => {
    if (!toast) return;
    setVisible(toast);
  }, [toast]);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(undefined), visible.duration ?? DEFAULT_DURATION_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  const { icon: Icon, className } = STYLES[visible.type];
  const isError = visible.type === "error";
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex justify-center px-3 sm:inset-x-auto sm:right-4 sm:top-4 sm:justify-end">
      <div
        role={isError ? "alert" : "status"}
        data-toast={visible.type}
        className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${className}`}
      >
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{visible.message}</p>
          {visible.description ? <p className="mt-1 text-sm opacity-90">{visible.description}</p> : null}
        </div>
        <button
          type="button"
          onClick={() => setVisible(undefined)}
          className="-m-1 rounded p-1 opacity-70 hover:opacity-100"
          aria-label="Dismiss notification"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
