import { useRouteLoaderData } from "react-router";

import { WORK } from "~/copy/proof";
import { NAV_LINKS } from "~/copy/site";
import type { loader as publicLayoutLoader } from "~/routes/public/layout";

const WORK_LINK = { to: "/work", label: WORK.navLabel } as const;

/**
 * The public header's and footer's links: `Work` after `Services` once a case study is published.
 * A new site without any would lead visitors to an empty page, and an empty "Our Work" says less
 * than no link at all (docs/product.md 14.1).
 */
export function usePublicNavLinks(): readonly { to: string; label: string }[] {
  const hasWork = useRouteLoaderData<typeof publicLayoutLoader>("routes/public/layout")?.hasWork ?? false;
  if (!hasWork) return NAV_LINKS;
  const services = NAV_LINKS.findIndex((link) => link.to === "/services");
  return [...NAV_LINKS.slice(0, services + 1), WORK_LINK, ...NAV_LINKS.slice(services + 1)];
}
