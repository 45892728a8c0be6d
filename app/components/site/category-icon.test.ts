import { describe, expect, it } from "vitest";

import { KNOWN_CATEGORIES } from "~/lib/categories";

import { categoryIcon } from "./category-icon";

describe("categoryIcon", () => {
  it("gives each of the spec's categories its own icon", () => {
    const icons = KNOWN_CATEGORIES.map(categoryIcon);
    expect(new Set(icons).size).toBe(KNOWN_CATEGORIES.length);
    expect(icons).not.toContain("workflow");
  });

  it("falls back to a default icon for any other category", () => {
    expect(categoryIcon("crm-sync")).toBe("workflow");
    expect(categoryIcon("")).toBe("workflow");
  });
});
