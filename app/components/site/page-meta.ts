import type { MetaDescriptor } from "react-router";

import { seoMeta } from "~/lib/seo";
import type { PublicSiteSettings } from "~/models/site-settings.server";

import { withFallbacks } from "./use-site-settings";

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

interface PageMetaInput {
  /** The page's own title, followed by the company name; the home page has none. */
  title?: string;
  description: string;
  path: string;
  noIndex?: boolean;
  /** The page's own Open Graph image (a case study's cover); the site's logo otherwise. */
  image?: string | null;
}

function loaderDataOf<T>(matches: ReadonlyArray<MetaMatch>, id: string): T | undefined {
  return matches.find((match) => match?.id === id)?.loaderData as T | undefined;
}

/** Meta for a page inside the public layout: settings from the root, origin from the layout. */
export function publicPageMeta(
  matches: ReadonlyArray<MetaMatch>,
  page: (settings: PublicSiteSettings) => PageMetaInput,
): MetaDescriptor[] {
  const settings = withFallbacks(loaderDataOf<{ settings?: PublicSiteSettings }>(matches, "root")?.settings);
  const origin = loaderDataOf<{ origin?: string }>(matches, "routes/public/layout")?.origin;
  const input = page(settings);
  const title = input.title
    ? `${input.title} | ${settings.companyName}`
    : [settings.companyName, settings.homepageHeadline].filter(Boolean).join(" | ");
  if (!origin) return [{ title }, { name: "description", content: input.description }];
  return seoMeta({
    title,
    description: input.description,
    path: input.path,
    origin,
    siteName: settings.companyName,
    image: input.image || settings.logoUrl,
    noIndex: input.noIndex,
  });
}
