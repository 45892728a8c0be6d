import { useRouteLoaderData } from "react-router";

import type { loader as layoutLoader } from "~/routes/public/layout";

/** The public origin (SITE_URL's, or null without it), from the public layout's loader. */
export function useSiteOrigin(): string | null {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/public/layout");
  if (!layout) throw new Error("useSiteOrigin is only available inside the public layout.");
  return layout.origin;
}
