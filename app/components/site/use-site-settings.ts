import { useRouteLoaderData } from "react-router";
import type { PublicSiteSettings } from "~/models/site-settings.server";
import type { loader as rootLoader } from "~/root";

/** The spec's "generic automation-services label" when no company name is set. */
export const FALLBACK_COMPANY_NAME = "Automation Services";

const FALLBACK_SETTINGS: PublicSiteSettings = {
  companyName: FALLBACK_COMPANY_NAME,
  workflowToolName: "n8n",
  homepageHeadline: "",
  homepageSubtext: "",
  whatsappNumber: null,
  messengerLink: null,
  supportEmail: "",
  businessAddress: null,
  logoUrl: null,
  faviconUrl: null,
  primaryColor: null,
  secondaryColor: null,
};

export function withFallbacks(settings: PublicSiteSettings | undefined): PublicSiteSettings {
  if (!settings) return FALLBACK_SETTINGS;
  return {
    ...settings,
    companyName: settings.companyName.trim() || FALLBACK_COMPANY_NAME,
    workflowToolName: settings.workflowToolName.trim() || FALLBACK_SETTINGS.workflowToolName,
  };
}

/** Site settings from the root loader (the public subset), with the fallback company name. */
export function useSiteSettings(): PublicSiteSettings {
  return withFallbacks(useRouteLoaderData<typeof rootLoader>("root")?.settings);
}
