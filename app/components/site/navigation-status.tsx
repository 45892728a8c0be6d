import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

import { FEATURED, LOADING, SERVICES } from "~/copy/site";

// Pages arrive with their data from the server; the spec's loading texts show while a
// client-side navigation waits for the next page's data, once it takes long enough to notice.
const SHOW_AFTER_MS = 250;

const LOADING_TEXTS: Record<string, string> = {
  "/": FEATURED.loading,
  "/services": SERVICES.loading,
};

export function NavigationStatus() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" ? navigation.location : null;
  const loadingKey = loading?.key ?? null;
  // The navigation (its location's key) that has waited long enough to say so.
  const [slowKey, setSlowKey] = useState<string | null>(null);

  useEffect(() => {
    if (loadingKey === null) return;
    const timer = setTimeout(() => setSlowKey(loadingKey), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loadingKey]);

  const text = loading && loading.key === slowKey ? (LOADING_TEXTS[loading.pathname] ?? LOADING) : "";
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center"
    >
      {text ? (
        <p className="rounded-full bg-slate-900/90 px-4 py-1.5 text-sm font-medium text-white shadow-lg">{text}</p>
      ) : null}
    </div>
  );
}
