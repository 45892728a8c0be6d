import { describe, expect, it } from "vitest";
import { categoryLabel } from "./categories";

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
