import type { ReactNode } from "react";
import { Form } from "react-router";

import { Icon } from "~/components/ui/icon";

/** A list's search: a plain GET form, so a new search starts at its first page, with JavaScript or without. */
export function SearchForm({ label, className, children }: { label?: string; className: string; children: ReactNode }) {
  return (
    <Form method="get" role="search" aria-label={label} className={className}>
      {children}
    </Form>
  );
}

/** The search box of a SearchForm, the magnifier inside it: the list reads its words from `q`. */
export function SearchInput({
  q,
  label,
  placeholder,
  maxLength,
  className,
  rounded = "rounded-lg",
}: {
  q: string;
  label: string;
  placeholder: string;
  maxLength: number;
  className: string;
  rounded?: "rounded-lg" | "rounded-md";
}) {
  return (
    <div className={className}>
      <Icon
        name="search"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        name="q"
        defaultValue={q}
        key={q}
        maxLength={maxLength}
        aria-label={label}
        placeholder={placeholder}
        className={`h-10 w-full ${rounded} border border-slate-300 bg-white pl-9 pr-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30`}
      />
    </div>
  );
}
