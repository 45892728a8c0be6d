import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { PAGER_TEXTS } from "~/copy/admin";
import { pageLinkSearch, type PageInfo, type PageLink } from "~/lib/keyset";

const LINKS = [
  { link: "first", label: PAGER_TEXTS.first, Icon: ChevronsLeft },
  { link: "previous", label: PAGER_TEXTS.previous, Icon: ChevronLeft },
  { link: "next", label: PAGER_TEXTS.next, Icon: ChevronRight },
  { link: "last", label: PAGER_TEXTS.last, Icon: ChevronsRight },
] as const satisfies { link: PageLink; label: string; Icon: unknown }[];

/**
 * The page links under a long admin list: plain links, so they work without JavaScript, keeping
 * the list's filter and search. A link with nowhere to go is shown dimmed, not as a link.
 */
export function Pager({ page, total }: { page: PageInfo; total?: { count: number; noun: string } }) {
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  if (!page.hasNewer && !page.hasOlder && !total) return null;
  return (
    <nav aria-label={PAGER_TEXTS.label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{total ? PAGER_TEXTS.total(total.count, total.noun) : null}</p>
      <ul className="flex gap-1">
        {LINKS.map(({ link, label, Icon }) => {
          const search = pageLinkSearch(current, page, link);
          const content = (
            <>
              <Icon aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">{label}</span>
            </>
          );
          const look = "inline-flex min-h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium";
          return (
            <li key={link}>
              {search === null ? (
                <span aria-disabled="true" className={`${look} text-slate-400`}>
                  {content}
                </span>
              ) : (
                <Link
                  to={`${location.pathname}${search}`}
                  className={`${look} text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50`}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
