import { describe, expect, it } from "vitest";

import { demoSupportEmail, supportEmailAfterRename, withCompanyName } from "./company-name";

describe("the demo's texts follow the company name", () => {
  it("fills the company name into a bio", () => {
    expect(withCompanyName("I started {company} in 2019. {company} grew.", "Acme Flows")).toBe(
      "I started Acme Flows in 2019. Acme Flows grew.",
    );
  });

  it("renames the demo's support address with the company, and no other address", () => {
    const demo = { companyName: "FlowForge Automation", supportEmail: "hello@flowforge-automation.example" };
    expect(demoSupportEmail(demo.companyName)).toBe(demo.supportEmail);
    expect(supportEmailAfterRename(demo, { companyName: "Acme & Co", supportEmail: demo.supportEmail })).toBe(
      "hello@acme-co.example",
    );
    expect(supportEmailAfterRename(demo, { companyName: "Acme & Co", supportEmail: "team@acme.com" })).toBe(
      "team@acme.com",
    );
    const own = { companyName: "FlowForge Automation", supportEmail: "ops@flowforge.io" };
    expect(supportEmailAfterRename(own, { companyName: "Acme & Co", supportEmail: own.supportEmail })).toBe(
      "ops@flowforge.io",
    );
  });
});
