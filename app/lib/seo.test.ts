import { describe, expect, it } from "vitest";
import { absoluteUrl, jsonLdText, organizationJsonLd, seoMeta } from "./seo";

const ORIGIN = "https://agency.example";

describe("seoMeta", () => {
  it("gives the title, description, canonical URL and sharing cards", () => {
    const meta = seoMeta({
      title: "Our Automation Services | Acme",
      description: "Automations with clear prices.",
      path: "/services",
      origin: ORIGIN,
      siteName: "Acme",
      image: "/uploads/logo.png",
    });
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "Our Automation Services | Acme" },
        { name: "description", content: "Automations with clear prices." },
        { tagName: "link", rel: "canonical", href: "https://agency.example/services" },
        { property: "og:url", content: "https://agency.example/services" },
        { property: "og:site_name", content: "Acme" },
        { property: "og:image", content: "https://agency.example/uploads/logo.png" },
        { name: "twitter:card", content: "summary_large_image" },
        { name: "twitter:title", content: "Our Automation Services | Acme" },
      ]),
    );
    expect(meta).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("uses a small card without an image and can keep a page out of the index", () => {
    const meta = seoMeta({
      title: "T",
      description: "D",
      path: "/order/submitted",
      origin: ORIGIN,
      siteName: "S",
      noIndex: true,
    });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta.some((tag) => "property" in tag && tag.property === "og:image")).toBe(false);
  });
});

describe("absoluteUrl", () => {
  it("resolves site paths and keeps only http(s) addresses", () => {
    expect(absoluteUrl("/logo.svg", ORIGIN)).toBe("https://agency.example/logo.svg");
    expect(absoluteUrl("https://cdn.example/x.png", ORIGIN)).toBe("https://cdn.example/x.png");
    expect(absoluteUrl("javascript:alert(1)", ORIGIN)).toBeNull();
    expect(absoluteUrl("", ORIGIN)).toBeNull();
    expect(absoluteUrl(null, ORIGIN)).toBeNull();
  });
});

describe("organizationJsonLd", () => {
  const settings = {
    companyName: "Acme Automation",
    supportEmail: "hi@acme.example",
    whatsappNumber: "+1 555 0100",
    businessAddress: "1 Main St",
    logoUrl: "/logo.png",
    messengerLink: "https://m.me/acme",
  };

  it("describes the organisation and prices each service, monthly support only above zero", () => {
    const data = organizationJsonLd(settings, ORIGIN, [
      { id: "a1", name: "Bot", description: "A bot", category: "ai-automation", setupPrice: 599, monthlyPrice: 99 },
      {
        id: "b2",
        name: "Build",
        description: "A build",
        category: "custom-solutions",
        setupPrice: 149.5,
        monthlyPrice: 0,
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

  it("leaves out what is not set", () => {
    const data = organizationJsonLd(
      {
        companyName: "Acme",
        supportEmail: "a@b.co",
        whatsappNumber: null,
        businessAddress: null,
        logoUrl: null,
        messengerLink: null,
      },
      ORIGIN,
    );
    expect(Object.keys(data).sort()).toEqual(["@context", "@type", "email", "name", "url"]);
  });
});

describe("jsonLdText", () => {
  it("cannot end its script element", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
