import { useRouteLoaderData } from "react-router";

import { DEFAULT_SETTINGS } from "~/copy/site";
import type { PublicSiteSettings } from "~/models/site-settings.server";
import type { loader as rootLoader } from "~/root";

/** The settings, with the spec's generic automation-services label when no company name is set. */
export function withFallbacks(settings: PublicSiteSettings | undefined): PublicSiteSettings {
  if (!settings) return DEFAULT_SETTINGS;
  return {
    ...settings,
    companyName: settings.companyName.trim() || DEFAULT_SETTINGS.companyName,
    workflowToolName: settings.workflowToolName.trim() || DEFAULT_SETTINGS.workflowToolName,
  };
}

/** The site's currency (Settings), for formatPrice and formatMonthlyPrice. */
export function useCurrency(): string {
  return useSiteSettings().currency;
}

/** Site settings from the root loader (the public subset), with the fallback company name. */
export function useSiteSettings(): PublicSiteSettings {
  return withFallbacks(useRouteLoaderData<typeof rootLoader>("root")?.settings);
}
