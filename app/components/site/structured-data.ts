import { SERVICES } from "~/copy/site";
import { decimalPrice, hasMonthlyPrice } from "~/lib/pricing";
import { absoluteUrl } from "~/lib/seo";
import type { PublicService } from "~/models/services.server";
import type { PublicSiteSettings } from "~/models/site-settings.server";

import { orderHref } from "./service-card";

// schema.org JSON-LD for search engines: the organisation, and the listed services with their prices.

type OrganizationSettings = Pick<
  PublicSiteSettings,
  "companyName" | "supportEmail" | "whatsappNumber" | "businessAddress" | "logoUrl" | "messengerLink" | "currency"
>;

// Without a known origin (SITE_URL unset) the URLs are left out: schema.org wants them absolute.
function serviceJsonLd(service: PublicService, origin: string | null, currency: string) {
  const orderUrl = origin ? { url: new URL(orderHref(service.id), origin).toString() } : {};
  const offers: Record<string, unknown>[] = [
    {
      "@type": "Offer",
      name: SERVICES.setup,
      price: decimalPrice(service.setupPrice),
      priceCurrency: currency,
      ...orderUrl,
    },
  ];
  if (hasMonthlyPrice(service.monthlyPrice)) {
    offers.push({
      "@type": "Offer",
      name: SERVICES.ongoingSupport,
      price: decimalPrice(service.monthlyPrice),
      priceCurrency: currency,
      ...orderUrl,
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: decimalPrice(service.monthlyPrice),
        priceCurrency: currency,
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
export function organizationJsonLd(
  settings: OrganizationSettings,
  origin: string | null,
  services: PublicService[] = [],
) {
  const logo = absoluteUrl(settings.logoUrl, origin);
  const sameAs = absoluteUrl(settings.messengerLink, origin);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: settings.companyName,
    ...(origin ? { url: new URL("/", origin).toString() } : {}),
    email: settings.supportEmail,
    ...(settings.whatsappNumber ? { telephone: settings.whatsappNumber } : {}),
    ...(settings.businessAddress ? { address: settings.businessAddress } : {}),
    ...(logo ? { logo } : {}),
    ...(sameAs ? { sameAs: [sameAs] } : {}),
    ...(services.length
      ? {
          hasOfferCatalog: {
            "@type": "OfferCatalog",
            name: SERVICES.catalogName,
            itemListElement: services.map((service) => serviceJsonLd(service, origin, settings.currency)),
          },
        }
      : {}),
  };
}
