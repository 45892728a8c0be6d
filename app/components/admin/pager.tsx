import { Link, useLocation } from "react-router";

import { Icon, type IconName } from "~/components/ui/icon";
import { PAGER_TEXTS } from "~/copy/admin";
import { type PageInfo, type PageLink, pageLinkSearch } from "~/lib/keyset";

export type PagerLink = { link: PageLink; label: string; icon: IconName };

const LINKS = [
  { link: "first", label: PAGER_TEXTS.first, icon: "chevrons-left" },
  { link: "previous", label: PAGER_TEXTS.previous, icon: "chevron-left" },
  { link: "next", label: PAGER_TEXTS.next, icon: "chevron-right" },
  { link: "last", label: PAGER_TEXTS.last, icon: "chevrons-right" },
] as const satisfies PagerLink[];

/**
 * The page links under a long admin list: plain links, so they work without JavaScript, keeping
 * the list's filter and search. A link with nowhere to go is shown dimmed, not as a link.
 * `compact` is the pager inside a panel (a chat's messages): smaller links with visible labels
 * that keep the scroll position, paging the list whose parameters carry `prefix`.
 */
export function Pager({
  page,
  total,
  links = LINKS,
  label = PAGER_TEXTS.label,
  params,
  prefix,
  compact = false,
}: {
  page: PageInfo;
  total?: { count: number; noun: { one: string; many: string } };
  links?: readonly PagerLink[];
  label?: string;
  params?: URLSearchParams;
  prefix?: string;
  compact?: boolean;
}) {
  const location = useLocation();
  const current = params ?? new URLSearchParams(location.search);
  if (!page.hasNewer && !page.hasOlder && !total) return null;
  const look = compact
    ? "inline-flex min-h-9 items-center gap-1 rounded-lg px-2.5 text-xs font-medium"
    : "inline-flex min-h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium";
  return (
    <nav aria-label={label} className={compact ? "mb-4" : "mt-6 flex flex-wrap items-center justify-between gap-3"}>
      {compact ? null : (
        <p className="text-sm text-slate-600">{total ? PAGER_TEXTS.total(total.count, total.noun) : null}</p>
      )}
      <ul className={compact ? "flex flex-wrap gap-1" : "flex gap-1"}>
        {links.map(({ link, label, icon }) => {
          const search = pageLinkSearch(current, page, link, prefix);
          const content = (
            <>
              <Icon name={icon} className="size-4" />
              {compact ? label : <span className="sr-only sm:not-sr-only">{label}</span>}
            </>
          );
          return (
            <li key={link}>
              {search === null ? (
                <span aria-disabled="true" className={`${look} text-slate-400`}>
                  {content}
                </span>
              ) : (
                <Link
                  to={`${location.pathname}${search}`}
                  preventScrollReset={compact}
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
