import { describe, expect, it } from "vitest";
import { categoryLabel } from "./categories";

describe("categoryLabel", () => {
  it.each([
    ["ai-automation", "Ai Automation"],
    ["social-media", "Social Media"],
    ["ecommerce", "Ecommerce"],
    ["custom-solutions", "Custom Solutions"],
    ["crm--sync-", "Crm Sync"],
  ])("%s → %s", (category, label) => {
    expect(categoryLabel(category)).toBe(label);
  });
});
