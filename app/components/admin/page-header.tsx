import { cn } from "~/components/ui/cn";

/** The heading of an admin screen, with its main actions on the right. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: React.ReactNode;
}) {
  return (
    <HeaderRow
      className="mb-6"
      heading={<h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>}
      description={description}
    >
      {children}
    </HeaderRow>
  );
}

/** The heading of a second list on a screen (an h2 that names its section), with its actions. */
export function SectionHeader({
  id,
  title,
  description,
  prominent = false,
  children,
}: {
  id: string;
  title: string;
  description: string;
  /** As large as the screen's own list (a screen of two lists). */
  prominent?: boolean;
  children: React.ReactNode;
}) {
  return (
    <HeaderRow
      className="mb-4"
      heading={
        <h2 id={id} className={prominent ? "text-xl font-bold tracking-tight text-slate-900" : "text-lg font-semibold"}>
          {title}
        </h2>
      }
      description={description}
    >
      {children}
    </HeaderRow>
  );
}

function HeaderRow({
  className,
  heading,
  description,
  children,
}: {
  className: string;
  heading: React.ReactNode;
  description?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-wrap items-start justify-between gap-4", className)}>
      <div className="min-w-0">
        {heading}
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

/** A white card: a section of a screen, or (`as="li"`) an item of a list of cards. */
export function Card({
  as: Tag = "section",
  heading,
  headingId,
  className,
  children,
  ...props
}: React.HTMLAttributes<HTMLElement> & {
  as?: "section" | "li";
  /** The card's own h2, which names it (`headingId` is the heading's id). */
  heading?: React.ReactNode;
  headingId?: string;
}) {
  return (
    <Tag
      aria-labelledby={heading ? headingId : undefined}
      className={cn("rounded-xl border border-slate-200 bg-white p-5 shadow-sm", className)}
      {...props}
    >
      {heading ? (
        <h2 id={headingId} className="text-lg font-semibold">
          {heading}
        </h2>
      ) : null}
      {children}
    </Tag>
  );
}

/**
 * One record in a list: its name with its badges and the details under them, its actions on the
 * right (below on narrow screens), and `after` across the whole card. `highlight` marks a new one.
 */
export function ListCard({
  label,
  title,
  heading: Heading = "h2",
  badges,
  actions,
  after,
  highlight = false,
  children,
}: {
  label: string;
  title: React.ReactNode;
  heading?: "h2" | "h3";
  badges: React.ReactNode;
  actions: React.ReactNode;
  after?: React.ReactNode;
  highlight?: boolean;
  children: React.ReactNode;
}) {
  return (
    <li
      aria-label={label}
      className={`rounded-xl border bg-white p-4 shadow-sm ${highlight ? "border-brand/40" : "border-slate-200"}`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="font-semibold text-slate-900">{title}</Heading>
            {badges}
          </div>
          {children}
        </div>
        {actions}
      </div>
      {after}
    </li>
  );
}

export function EmptyState({ title, description }: { title: string; description?: string }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="font-medium text-slate-900">{title}</p>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
    </div>
  );
}
