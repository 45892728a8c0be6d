import { describe, expect, it } from "vitest";

import { organizationJsonLd } from "./structured-data";

const ORIGIN = "https://agency.example";

describe("organizationJsonLd", () => {
  const settings = {
    companyName: "Acme Automation",
    supportEmail: "hi@acme.example",
    whatsappNumber: "+1 555 0100",
    businessAddress: "1 Main St",
    logoUrl: "/logo.png",
    messengerLink: "https://m.me/acme",
    currency: "USD",
  };

  it("describes the organisation and prices each service, monthly support only above zero", () => {
    const data = organizationJsonLd(settings, ORIGIN, [
      {
        id: "a1",
        name: "Bot",
        description: "A bot",
        category: "ai-automation",
        setupPrice: 599,
        monthlyPrice: 99,
        featured: true,
        imageUrl: null,
      },
      {
        id: "b2",
        name: "Build",
        description: "A build",
        category: "custom-solutions",
        setupPrice: 149.5,
        monthlyPrice: 0,
        featured: false,
        imageUrl: null,
      },
    ]);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Acme Automation",
      url: "https://agency.example/",
      email: "hi@acme.example",
      telephone: "+1 555 0100",
      address: "1 Main St",
      logo: "https://agency.example/logo.png",
      sameAs: ["https://m.me/acme"],
    });
    const [bot, build] = data.hasOfferCatalog!.itemListElement;
    expect(bot.offers).toEqual([
      {
        "@type": "Offer",
        name: "Setup",
        price: "599.00",
        priceCurrency: "USD",
        url: "https://agency.example/order?service=a1",
      },
      expect.objectContaining({ name: "Ongoing Support", price: "99.00", priceCurrency: "USD" }),
    ]);
    expect(build.offers).toEqual([expect.objectContaining({ name: "Setup", price: "149.50" })]);
  });

  it("prices the offers in the site's currency", () => {
    const data = organizationJsonLd({ ...settings, currency: "EUR" }, ORIGIN, [
      {
        id: "c3",
        name: "Books",
        description: "d",
        category: "custom-solutions",
        setupPrice: 100,
        monthlyPrice: 10,
        featured: false,
        imageUrl: null,
      },
    ]);
    expect(JSON.stringify(data)).not.toContain("USD");
    expect(JSON.stringify(data).match(/"priceCurrency":"EUR"/g)).toHaveLength(3);
  });

  it("leaves out what is not set", () => {
    const data = organizationJsonLd(
      {
        companyName: "Acme",
        supportEmail: "a@b.co",
        whatsappNumber: null,
        businessAddress: null,
        logoUrl: null,
        messengerLink: null,
        currency: "USD",
      },
      ORIGIN,
    );
    expect(Object.keys(data).sort()).toEqual(["@context", "@type", "email", "name", "url"]);
  });
});
