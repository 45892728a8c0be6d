import { cn } from "./cn";

const TONES = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  brand: "bg-brand/10 text-brand ring-brand/20",
  success: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  warning: "bg-amber-50 text-amber-800 ring-amber-200",
  danger: "bg-red-50 text-red-700 ring-red-200",
  info: "bg-sky-50 text-sky-700 ring-sky-200",
} as const;

const SIZES = {
  /** A status or a label: on one line, however little room its row leaves it. */
  sm: "whitespace-nowrap px-2 py-0.5",
  /** The founder's skills. */
  md: "px-3 py-1",
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({
  tone = "neutral",
  size = "sm",
  className,
  ...props
}: React.HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; size?: keyof typeof SIZES }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full text-xs font-medium ring-1 ring-inset",
        SIZES[size],
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
