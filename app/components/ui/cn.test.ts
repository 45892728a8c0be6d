import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins classes and skips empty ones", () => {
    expect(cn("flex", false, null, undefined, "", "gap-2")).toBe("flex gap-2");
  });

  it("keeps the later of two conflicting classes", () => {
    expect(cn("px-4 py-2", "px-6")).toBe("py-2 px-6");
    expect(cn("bg-white text-slate-900", "bg-white/10 text-white")).toBe("bg-white/10 text-white");
    expect(cn("h-12 w-full", "sm:w-auto")).toBe("h-12 w-full sm:w-auto");
  });

  it("knows the site's own colours from the ones Tailwind ships", () => {
    expect(cn("text-slate-700", "text-brand")).toBe("text-brand");
    expect(cn("text-sm text-brand")).toBe("text-sm text-brand");
  });
});
