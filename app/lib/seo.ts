import type { MetaDescriptor } from "react-router";

// Search and sharing metadata for the public pages: title and description, canonical URL,
// Open Graph and Twitter cards, and the text of their schema.org JSON-LD
// (components/site/structured-data.ts builds it).

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical page, without query: filtered views are the same page. */
  path: string;
  origin: string;
  siteName: string;
  image?: string | null;
  noIndex?: boolean;
}

/** An absolute http(s) URL for `value` (relative to the site only when its origin is known), or null. */
export function absoluteUrl(value: string | null | undefined, origin: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin ?? undefined);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export function seoMeta(page: PageSeo): MetaDescriptor[] {
  const url = new URL(page.path, page.origin).toString();
  const image = absoluteUrl(page.image, page.origin);
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: page.siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    ...(page.noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can end the element. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
