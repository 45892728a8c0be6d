import { VISITOR_FIELD_ERRORS } from "~/copy/site";

// Field rules shared by the contact and order forms (docs/product.md §5). Plain data, so that the
// browser checks them without loading zod: the server's schemas are made from the same rules
// (services/public-form.server.ts), and the server's check is the one that counts.

/** Trimmed text of at most `max` characters; required when it has a `missing` message. */
export type TextRule = { kind: "text"; max: number; tooLong: string; missing?: string };
export type EmailRule = { kind: "email" };
/** A box the visitor must tick (the terms). */
export type CheckboxRule = { kind: "checkbox"; missing: string };
/** An option the visitor must pick (the service): a select whose empty first option does not count. */
export type ChoiceRule = { kind: "choice"; missing: string };
export type VisitorFieldRule = TextRule | EmailRule | CheckboxRule | ChoiceRule;

/** Text the visitor must give: trimmed, at least one character and at most `max`. */
export function requiredText(
  max: number,
  errors: { missing: string; tooLong: string },
): TextRule & { missing: string } {
  return { kind: "text", max, ...errors };
}

export function optionalText(max: number, tooLong: string): TextRule {
  return { kind: "text", max, tooLong };
}

export const MAX_EMAIL_CHARS = 254;

/** zod's own email pattern (z.regexes.email, which the tests compare), usable without zod. */
export const EMAIL_PATTERN =
  // Written as zod writes it, so that the test compares the sources.
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export const VISITOR_EMAIL: EmailRule = { kind: "email" };

export function isRequired(rule: VisitorFieldRule): boolean {
  return rule.kind !== "text" || rule.missing !== undefined;
}

/**
 * The message for a posted value that breaks the rule, as the server's schema words it. An empty
 * string counts as not given, as it does for the server (conform's parseWithZod).
 */
export function visitorFieldError(rule: VisitorFieldRule, posted: FormDataEntryValue | null): string | undefined {
  const value = typeof posted === "string" && posted !== "" ? posted : undefined;
  switch (rule.kind) {
    case "text": {
      const text = value?.trim() ?? "";
      if (!text) return rule.missing;
      return text.length > rule.max ? rule.tooLong : undefined;
    }
    case "email":
      if (value === undefined) return VISITOR_FIELD_ERRORS.emailMissing;
      return value.length > MAX_EMAIL_CHARS || !EMAIL_PATTERN.test(value)
        ? VISITOR_FIELD_ERRORS.emailInvalid
        : undefined;
    case "checkbox":
    case "choice":
      return value === undefined ? rule.missing : undefined;
  }
}
