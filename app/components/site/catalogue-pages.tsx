import { Link } from "react-router";

import { cn } from "~/components/ui/cn";
import { Icon } from "~/components/ui/icon";
import { PAGE_LINKS } from "~/copy/site";

// Pages on each side of the current one, besides the first and the last.
const NEIGHBOURS = 1;

/** The page numbers to show, with null where a run of pages is left out. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    const near = Math.abs(n - page) <= NEIGHBOURS;
    // A gap of a single page shows that page rather than an ellipsis standing for it.
    const bridges =
      (n === 2 && page - NEIGHBOURS === 3) || (n === pageCount - 1 && page + NEIGHBOURS === pageCount - 2);
    if (n === 1 || n === pageCount || near || bridges) shown.push(n);
    else if (shown.at(-1) !== null) shown.push(null);
  }
  return shown;
}

const ITEM = "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium";
const LINK = "border border-slate-300 bg-white text-slate-900 transition hover:bg-slate-50";

/**
 * Numbered page links under a list: plain links, so they work without JavaScript, to the URLs
 * `hrefFor` builds (which keep the list's filters). Nothing when everything fits on one page.
 */
export function PageLinks({
  page,
  pageCount,
  hrefFor,
  className,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={PAGE_LINKS.label} className={cn("flex flex-wrap items-center justify-center gap-2", className)}>
      <Step
        to={page > 1 ? hrefFor(page - 1) : null}
        text={PAGE_LINKS.previous}
        name={PAGE_LINKS.previousName}
        icon={<Icon name="chevron-down" className="size-4 rotate-90" />}
      />
      {/* On phones the numbers take a row of their own under Previous and Next. */}
      <ul className="order-last flex w-full flex-wrap items-center justify-center gap-2 sm:order-none sm:w-auto">
        {pageWindow(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-label={PAGE_LINKS.page(n)}
                aria-current={n === page ? "page" : undefined}
                className={cn(ITEM, n === page ? "bg-brand text-white shadow-sm" : LINK)}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      <Step
        to={page < pageCount ? hrefFor(page + 1) : null}
        text={PAGE_LINKS.next}
        name={PAGE_LINKS.nextName}
        icon={<Icon name="chevron-down" className="size-4 -rotate-90" />}
        after
      />
    </nav>
  );
}

/** Previous or Next: a link, or plain text on the first or last page. */
function Step({
  to,
  text,
  name,
  icon,
  after = false,
}: {
  to: string | null;
  text: string;
  name: string;
  icon: React.ReactNode;
  after?: boolean;
}) {
  const content = after ? (
    <>
      {text}
      {icon}
    </>
  ) : (
    <>
      {icon}
      {text}
    </>
  );
  if (to === null) {
    return (
      <span aria-disabled="true" className={cn(ITEM, "text-slate-400")}>
        {content}
      </span>
    );
  }
  return (
    <Link to={to} aria-label={name} className={cn(ITEM, LINK)}>
      {content}
    </Link>
  );
}
