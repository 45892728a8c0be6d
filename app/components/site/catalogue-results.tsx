import type { ReactNode } from "react";
import { Link } from "react-router";

interface CatalogueResultsProps<T extends { id: string }> {
  label: string;
  /** Read out when the results change: "3 services". */
  countText: string;
  items: T[];
  card: (item: T) => ReactNode;
  emptyText: string;
  /** Shown with the empty text when a filter left nothing: the same page unfiltered. */
  clearFilters?: { to: string; label: string };
  /** Below the results: the page links. */
  children?: ReactNode;
}

/** A public catalogue's results (Services, Our Work): cards in a grid, or why there are none. */
export function CatalogueResults<T extends { id: string }>({
  label,
  countText,
  items,
  card,
  emptyText,
  clearFilters,
  children,
}: CatalogueResultsProps<T>) {
  return (
    <section aria-label={label} className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <p role="status" className="sr-only">
        {countText}
      </p>
      {items.length ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>{card(item)}</li>
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center text-lg text-slate-600">
          <p>{emptyText}</p>
          {clearFilters ? (
            <Link
              to={clearFilters.to}
              className="mt-4 inline-block font-medium text-indigo-700 underline hover:text-indigo-900"
            >
              {clearFilters.label}
            </Link>
          ) : null}
        </div>
      )}
      {children}
    </section>
  );
}
