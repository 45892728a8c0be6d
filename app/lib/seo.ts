import type { MetaDescriptor } from "react-router";

// Search and sharing metadata for the public pages: title and description, canonical URL,
// Open Graph and Twitter cards, and schema.org JSON-LD.

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

/** An absolute http(s) URL for `value` (which may be relative to the site), or null. */
export function absoluteUrl(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
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

interface OrganizationInput {
  companyName: string;
  supportEmail: string;
  whatsappNumber?: string | null;
  businessAddress?: string | null;
  logoUrl?: string | null;
  messengerLink?: string | null;
}

interface ServiceInput {
  id: string;
  name: string;
  description: string;
  category: string;
  setupPrice: number;
  monthlyPrice: number;
}

function serviceJsonLd(service: ServiceInput, origin: string) {
  const orderUrl = new URL(`/order?service=${encodeURIComponent(service.id)}`, origin).toString();
  const offers: Record<string, unknown>[] = [
    {
      "@type": "Offer",
      name: "Setup",
      price: service.setupPrice.toFixed(2),
      priceCurrency: "USD",
      url: orderUrl,
    },
  ];
  if (service.monthlyPrice > 0) {
    offers.push({
      "@type": "Offer",
      name: "Ongoing Support",
      price: service.monthlyPrice.toFixed(2),
      priceCurrency: "USD",
      url: orderUrl,
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: service.monthlyPrice.toFixed(2),
        priceCurrency: "USD",
        unitCode: "MON",
      },
    });
  }
  return {
    "@type": "Service",
    name: service.name,
    description: service.description,
    category: service.category,
    offers,
  };
}

/** The organisation, with the listed services and their prices as its offer catalogue. */
export function organizationJsonLd(settings: OrganizationInput, origin: string, services: ServiceInput[] = []) {
  const logo = absoluteUrl(settings.logoUrl, origin);
  const sameAs = absoluteUrl(settings.messengerLink, origin);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: settings.companyName,
    url: new URL("/", origin).toString(),
    email: settings.supportEmail,
    ...(settings.whatsappNumber ? { telephone: settings.whatsappNumber } : {}),
    ...(settings.businessAddress ? { address: settings.businessAddress } : {}),
    ...(logo ? { logo } : {}),
    ...(sameAs ? { sameAs: [sameAs] } : {}),
    ...(services.length
      ? {
          hasOfferCatalog: {
            "@type": "OfferCatalog",
            name: "Automation services",
            itemListElement: services.map((service) => serviceJsonLd(service, origin)),
          },
        }
      : {}),
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can end the element. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
