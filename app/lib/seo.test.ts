import { describe, expect, it } from "vitest";

import { absoluteUrl, jsonLdText, seoMeta } from "./seo";

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

describe("jsonLdText", () => {
  it("cannot end its script element", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
