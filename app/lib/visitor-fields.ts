import { z } from "zod";

import { VISITOR_FIELD_ERRORS } from "~/copy/site";

// Field schemas shared by the visitor's forms (docs/product.md §5): the browser checks them as the
// visitor fills a form in (components/site/public-form.tsx), the action again
// (services/public-form.server.ts), and the server's check is the one that counts.

// In the browser zod would compile its object parsers with `new Function`, which the pages' CSP
// refuses and reports: set before any schema is made, as the schemas below are made at import.
z.config({ jitless: true });

/** Text the visitor must give: trimmed, at least one character and at most `max`. */
export function requiredText(max: number, errors: { missing: string; tooLong: string }) {
  return z.string({ error: errors.missing }).trim().max(max, errors.tooLong).min(1, errors.missing);
}

export function optionalText(max: number, tooLong: string) {
  return z.string().trim().max(max, tooLong).optional();
}

export const MAX_EMAIL_CHARS = 254;

/** An address as zod checks one (z.regexes.email); not given and invalid are told apart. */
export const VISITOR_EMAIL = z
  .email({
    error: (issue) =>
      issue.input === undefined ? VISITOR_FIELD_ERRORS.emailMissing : VISITOR_FIELD_ERRORS.emailInvalid,
  })
  .max(MAX_EMAIL_CHARS, VISITOR_FIELD_ERRORS.emailInvalid);
