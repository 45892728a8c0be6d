import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requiredText, visitorEmail } from "./visitor-fields";

const errorsOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe("visitor fields", () => {
  it("asks for an email address, then for a valid one", () => {
    expect(errorsOf(visitorEmail(), undefined)).toEqual(["Please enter your email address."]);
    expect(errorsOf(visitorEmail(), "not-an-email")).toEqual(["Please enter a valid email address."]);
    expect(errorsOf(visitorEmail(), `${"a".repeat(250)}@b.co`)).toEqual(["Please enter a valid email address."]);
    expect(visitorEmail().parse("ada@example.com")).toBe("ada@example.com");
  });

  it("trims required text and bounds its length", () => {
    const name = requiredText(5, { missing: "Name?", tooLong: "Too long" });
    expect(errorsOf(name, undefined)).toEqual(["Name?"]);
    expect(errorsOf(name, "   ")).toEqual(["Name?"]);
    expect(errorsOf(name, "abcdef")).toEqual(["Too long"]);
    expect(name.parse("  Ada  ")).toBe("Ada");
  });
});
