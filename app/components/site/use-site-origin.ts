import { useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "~/routes/public/layout";

/** The public origin (SITE_URL or the request's), from the public layout's loader. */
export function useSiteOrigin(): string {
  const origin = useRouteLoaderData<typeof layoutLoader>("routes/public/layout")?.origin;
  if (!origin) throw new Error("useSiteOrigin is only available inside the public layout.");
  return origin;
}
