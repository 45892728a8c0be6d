import { describe, expect, it } from "vitest";
import { z } from "zod";
import { EMAIL_PATTERN, optionalText, requiredText, VISITOR_EMAIL, visitorFieldError } from "./visitor-fields";

describe("visitor fields", () => {
  it("asks for an email address, then for a valid one", () => {
    expect(visitorFieldError(VISITOR_EMAIL, null)).toBe("Please enter your email address.");
    expect(visitorFieldError(VISITOR_EMAIL, "")).toBe("Please enter your email address.");
    expect(visitorFieldError(VISITOR_EMAIL, "not-an-email")).toBe("Please enter a valid email address.");
    expect(visitorFieldError(VISITOR_EMAIL, ` ada@example.com`)).toBe("Please enter a valid email address.");
    expect(visitorFieldError(VISITOR_EMAIL, `${"a".repeat(250)}@b.co`)).toBe("Please enter a valid email address.");
    expect(visitorFieldError(VISITOR_EMAIL, "ada@example.com")).toBeUndefined();
  });

  it("checks email addresses with zod's own pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it("asks for a choice until one is picked", () => {
    const service = { kind: "choice", missing: "Pick one." } as const;
    expect(visitorFieldError(service, null)).toBe("Pick one.");
    expect(visitorFieldError(service, "")).toBe("Pick one.");
    expect(visitorFieldError(service, "7d0c1f62-5a3e-4f35-9b8e-2a6c3f1d9e40")).toBeUndefined();
  });

  it("trims required text and bounds its length", () => {
    const name = requiredText(5, { missing: "Name?", tooLong: "Too long" });
    expect(visitorFieldError(name, null)).toBe("Name?");
    expect(visitorFieldError(name, "   ")).toBe("Name?");
    expect(visitorFieldError(name, "abcdef")).toBe("Too long");
    expect(visitorFieldError(name, "  Ada  ")).toBeUndefined();
  });

  it("lets optional text be empty, not too long", () => {
    const phone = optionalText(3, "Too long");
    expect(visitorFieldError(phone, null)).toBeUndefined();
    expect(visitorFieldError(phone, "   ")).toBeUndefined();
    expect(visitorFieldError(phone, "1234")).toBe("Too long");
  });

  it("asks for a box to be ticked", () => {
    const terms = { kind: "checkbox", missing: "Agree?" } as const;
    expect(visitorFieldError(terms, null)).toBe("Agree?");
    expect(visitorFieldError(terms, "on")).toBeUndefined();
  });
});
