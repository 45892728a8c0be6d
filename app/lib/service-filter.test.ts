import { describe, expect, it } from "vitest";

import { readServiceFilter, searchWords, serviceFilterSearch, sortCategories } from "./service-filter";

describe("the filter in the URL", () => {
  it("reads q, category and page, with defaults and a bounded query", () => {
    expect(readServiceFilter(new URLSearchParams("q=crm&category=ecommerce&page=3"))).toEqual({
      q: "crm",
      category: "ecommerce",
      page: 3,
    });
    expect(readServiceFilter(new URLSearchParams(""))).toEqual({ q: "", category: "", page: 1 });
    expect(readServiceFilter(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });

  it("reads a page that is not a whole number from 1 up as the first", () => {
    for (const page of ["0", "-2", "1.5", "two", "", "99999999"]) {
      expect(readServiceFilter(new URLSearchParams({ page })).page).toBe(1);
    }
  });

  it("writes only the parts that are set, and no page for the first", () => {
    expect(serviceFilterSearch({ q: "", category: "" })).toBe("");
    expect(serviceFilterSearch({ q: "", category: "ecommerce" })).toBe("?category=ecommerce");
    expect(serviceFilterSearch({ q: "lead crm", category: "" })).toBe("?q=lead+crm");
    expect(serviceFilterSearch({ q: "crm", category: "ecommerce", page: 1 })).toBe("?q=crm&category=ecommerce");
    expect(serviceFilterSearch({ q: "crm", category: "", page: 4 })).toBe("?q=crm&page=4");
  });
});

describe("searchWords", () => {
  it("splits the search on any run of spaces", () => {
    expect(searchWords("  ORDERS  crm ")).toEqual(["ORDERS", "crm"]);
    expect(searchWords("   ")).toEqual([]);
  });
});

describe("sortCategories", () => {
  it("orders categories by label", () => {
    expect(sortCategories(["ecommerce", "business-automation", "ai-automation"])).toEqual([
      "ai-automation",
      "business-automation",
      "ecommerce",
    ]);
  });
});
