import { describe, expect, it } from "vitest";
import { distinctCategories, filterServices, readServiceFilter, serviceFilterSearch } from "./service-filter";

const services = [
  { name: "AI Support Agent", description: "Answers customers around the clock", category: "ai-automation" },
  { name: "Lead Capture", description: "Routes leads into the CRM", category: "business-automation" },
  { name: "Order Sync", description: "Shop orders to fulfilment and CRM", category: "ecommerce" },
  { name: "Invoice Reader", description: "Reads invoices with OCR", category: "business-automation" },
];

describe("filterServices", () => {
  it("keeps everything without a filter", () => {
    expect(filterServices(services, { q: "", category: "" })).toEqual(services);
  });

  it("matches every word of the search in the name or description, ignoring case", () => {
    expect(filterServices(services, { q: "crm", category: "" }).map((s) => s.name)).toEqual([
      "Lead Capture",
      "Order Sync",
    ]);
    expect(filterServices(services, { q: "  ORDERS  crm ", category: "" }).map((s) => s.name)).toEqual(["Order Sync"]);
    expect(filterServices(services, { q: "nothing like this", category: "" })).toEqual([]);
  });

  it("narrows to one category, together with the search", () => {
    expect(filterServices(services, { q: "", category: "business-automation" }).map((s) => s.name)).toEqual([
      "Lead Capture",
      "Invoice Reader",
    ]);
    expect(filterServices(services, { q: "invoices", category: "business-automation" }).map((s) => s.name)).toEqual([
      "Invoice Reader",
    ]);
    expect(filterServices(services, { q: "invoices", category: "ecommerce" })).toEqual([]);
  });
});

describe("distinctCategories", () => {
  it("lists each category once, ordered by label", () => {
    expect(distinctCategories(services)).toEqual(["ai-automation", "business-automation", "ecommerce"]);
  });
});

describe("the filter in the URL", () => {
  it("reads q and category, with empty defaults and a bounded query", () => {
    expect(readServiceFilter(new URLSearchParams("q=crm&category=ecommerce"))).toEqual({
      q: "crm",
      category: "ecommerce",
    });
    expect(readServiceFilter(new URLSearchParams(""))).toEqual({ q: "", category: "" });
    expect(readServiceFilter(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });

  it("writes only the parts that are set", () => {
    expect(serviceFilterSearch({ q: "", category: "" })).toBe("");
    expect(serviceFilterSearch({ q: "", category: "ecommerce" })).toBe("?category=ecommerce");
    expect(serviceFilterSearch({ q: "lead crm", category: "" })).toBe("?q=lead+crm");
  });
});
