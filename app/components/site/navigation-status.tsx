import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { FEATURED, SERVICES } from "~/copy/site";

// Pages arrive with their data from the server; the spec's loading texts show while a
// client-side navigation waits for the next page's data, once it takes long enough to notice.
const SHOW_AFTER_MS = 250;

const LOADING_TEXTS: Record<string, string> = {
  "/": FEATURED.loading,
  "/services": SERVICES.loading,
};

export function NavigationStatus() {
  const navigation = useNavigation();
  const pathname = navigation.state === "loading" ? navigation.location.pathname : null;
  const [visibleFor, setVisibleFor] = useState<string | null>(null);

  useEffect(() => {
    if (pathname === null) {
      setVisibleFor(null);
      return;
    }
    const timer = setTimeout(() => setVisibleFor(pathname), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  const text = visibleFor === null ? "" : (LOADING_TEXTS[visibleFor] ?? "Loading...");
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
