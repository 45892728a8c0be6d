import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { optionalText, requiredText, VISITOR_EMAIL } from "./visitor-fields";

// Parsed as conform parses a posted form, in the browser and in the action alike.
const Schema = z.object({
  name: requiredText(5, { missing: "Name?", tooLong: "Too long" }),
  email: VISITOR_EMAIL,
  phone: optionalText(3, "Phone too long"),
  terms: z.boolean({ error: "Agree?" }),
});

function errorsOf(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  const submission = parseWithZod(data, { schema: Schema });
  return submission.status === "success" ? submission.value : submission.error;
}

describe("visitor fields", () => {
  it("names every missing field", () => {
    expect(errorsOf({})).toEqual({ name: ["Name?"], email: ["Please enter your email address."], terms: ["Agree?"] });
    expect(errorsOf({ name: "   ", email: "", phone: "   ", terms: "on" })).toEqual({
      name: ["Name?"],
      email: ["Please enter your email address."],
    });
  });

  it("asks for a valid email address, checked as zod checks one", () => {
    for (const email of ["not-an-email", " ada@example.com", `${"a".repeat(250)}@b.co`]) {
      expect(errorsOf({ name: "Ada", email, terms: "on" })).toEqual({ email: ["Please enter a valid email address."] });
    }
  });

  it("bounds the length of trimmed text", () => {
    expect(errorsOf({ name: "abcdef", email: "ada@example.com", phone: "1234", terms: "on" })).toEqual({
      name: ["Too long"],
      phone: ["Phone too long"],
    });
  });

  it("gives the trimmed values of a valid post", () => {
    expect(errorsOf({ name: " Ada ", email: "ada@example.com", phone: "", terms: "on" })).toEqual({
      name: "Ada",
      email: "ada@example.com",
      terms: true,
    });
  });
});
