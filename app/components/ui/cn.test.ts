import { describe, expect, it } from "vitest";

import { cn } from "./cn";

describe("cn", () => {
  it("joins classes and skips empty ones", () => {
    expect(cn("flex", false, null, undefined, "", "gap-2")).toBe("flex gap-2");
  });

  it("keeps every class in order", () => {
    expect(cn("h-12 w-full", "sm:w-auto")).toBe("h-12 w-full sm:w-auto");
    expect(cn("text-sm text-brand")).toBe("text-sm text-brand");
  });
});
