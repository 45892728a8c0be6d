import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { optionalText, requiredText, VISITOR_EMAIL, visitorFieldError } from "~/lib/visitor-fields";
import { visitorSchema } from "./public-form.server";

const RULES = {
  name: requiredText(5, { missing: "Name?", tooLong: "Too long" }),
  email: VISITOR_EMAIL,
  phone: optionalText(3, "Phone too long"),
  terms: { kind: "checkbox", missing: "Agree?" },
} as const;

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe("visitorSchema", () => {
  it("refuses what the browser refuses, with the same messages", () => {
    const posts: Array<Record<string, string>> = [
      {},
      { name: "   ", email: "not-an-email", phone: "1234" },
      { name: "abcdef", email: `${"a".repeat(250)}@b.co`, terms: "on" },
      { name: "Ada", email: " ada@example.com", phone: "   " },
    ];
    for (const post of posts) {
      const data = form(post);
      const submission = parseWithZod(data, { schema: visitorSchema(RULES) });
      const browser = Object.fromEntries(
        Object.entries(RULES).flatMap(([name, rule]) => {
          const error = visitorFieldError(rule, data.get(name));
          return error ? [[name, [error]]] : [];
        }),
      );
      expect(submission.status === "error" && submission.error).toEqual(browser);
    }
  });

  it("gives the trimmed values of a valid post", () => {
    const submission = parseWithZod(form({ name: " Ada ", email: "ada@example.com", phone: "", terms: "on" }), {
      schema: visitorSchema(RULES),
    });
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Ada",
      email: "ada@example.com",
      terms: true,
    });
  });
});
