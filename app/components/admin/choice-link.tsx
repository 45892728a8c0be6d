import { Link, type LinkProps } from "react-router";

import { cn } from "~/components/ui/cn";

// The two looks of a link among choices: the filter pills of Orders, the conversations of Chats.
const LOOKS = {
  pill: {
    base: "rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset",
    current: "bg-brand text-white ring-brand",
    other: "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
  },
  entry: {
    base: "block rounded-lg border px-3 py-2 text-sm",
    current: "border-brand bg-brand/5",
    other: "border-slate-200 bg-white hover:bg-slate-50",
  },
} as const;

/** A link among choices, the current one marked for the eye and for screen readers. */
export function ChoiceLink({
  look,
  current,
  ...props
}: Omit<LinkProps, "className"> & { look: keyof typeof LOOKS; current: boolean }) {
  const { base, current: on, other } = LOOKS[look];
  return <Link aria-current={current ? "page" : undefined} className={cn(base, current ? on : other)} {...props} />;
}
