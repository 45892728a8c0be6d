import { describe, expect, it } from "vitest";

import { withFallbacks } from "./use-site-settings";

describe("withFallbacks", () => {
  it("names the company with the generic label when no name is set", () => {
    expect(withFallbacks(undefined)).toMatchObject({ companyName: "Automation Services", workflowToolName: "n8n" });
    const blank = withFallbacks({ ...withFallbacks(undefined), companyName: "  ", workflowToolName: "" });
    expect(blank.companyName).toBe("Automation Services");
    expect(blank.workflowToolName).toBe("n8n");
  });

  it("keeps the settings that are set", () => {
    const settings = withFallbacks({ ...withFallbacks(undefined), companyName: "Acme", workflowToolName: "Make" });
    expect(settings).toMatchObject({ companyName: "Acme", workflowToolName: "Make" });
  });
});
