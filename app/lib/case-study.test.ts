import { describe, expect, it } from "vitest";

import { parseTools, readWorkFilter, SLUG_PATTERN, slugFromTitle, workFilterSearch } from "./case-study";

describe("slugFromTitle", () => {
  it("turns a title into a slug the pattern accepts", () => {
    expect(slugFromTitle("Clinic Booking Bot: 32 h saved!")).toBe("clinic-booking-bot-32-h-saved");
    expect(slugFromTitle("Café Orders & Invoices")).toBe("cafe-orders-invoices");
    expect(SLUG_PATTERN.test(slugFromTitle("  A -- B  "))).toBe(true);
  });

  it("keeps slugs short without a trailing dash", () => {
    const slug = slugFromTitle(`${"a".repeat(79)} b`);
    expect(slug).toBe("a".repeat(79));
  });
});

describe("parseTools", () => {
  it("splits on commas and drops empty and repeated names", () => {
    expect(parseTools("n8n, OpenAI ,, HubSpot, openai")).toEqual(["n8n", "OpenAI", "HubSpot"]);
    expect(parseTools(undefined)).toEqual([]);
  });
});

describe("the /work filter", () => {
  it("reads and writes the query string without empty parts", () => {
    const filter = readWorkFilter(new URLSearchParams("industry=Healthcare&service="));
    expect(filter).toEqual({ service: "", industry: "Healthcare" });
    expect(workFilterSearch(filter)).toBe("?industry=Healthcare");
    expect(workFilterSearch({ service: "", industry: "" })).toBe("");
  });
});
