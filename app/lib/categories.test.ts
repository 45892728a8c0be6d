import { describe, expect, it } from "vitest";

import { categoryLabel, categorySlug } from "./categories";

describe("categoryLabel", () => {
  it.each([
    ["ai-automation", "AI Automation"],
    ["crm-sms-alerts", "CRM SMS Alerts"],
    ["email-marketing", "Email Marketing"],
    ["social-media", "Social Media"],
    ["ecommerce", "Ecommerce"],
    ["custom-solutions", "Custom Solutions"],
    ["crm--sync-", "CRM Sync"],
    ["chain-of-aims", "Chain Of Aims"],
  ])("%s → %s", (category, label) => {
    expect(categoryLabel(category)).toBe(label);
  });
});

describe("categorySlug", () => {
  it.each([
    ["Consulting & Audits", "consulting-audits"],
    [" Social-Media ", "social-media"],
    ["ai-automation", "ai-automation"],
    ["AI Automation", "ai-automation"],
    ["Café  Réservations!", "cafe-reservations"],
    ["&&&", ""],
  ])("%s → %s", (text, slug) => {
    expect(categorySlug(text)).toBe(slug);
  });

  it("gives back the category of each of its labels", () => {
    for (const category of ["ai-automation", "crm-sms-alerts", "social-media", "custom-solutions"]) {
      expect(categorySlug(categoryLabel(category))).toBe(category);
    }
  });
});
