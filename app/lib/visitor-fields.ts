import { z } from "zod";
import { VISITOR_FIELD_ERRORS } from "~/copy/site";

// Field rules shared by the contact and order forms (docs/product.md §5), in the browser and on the server.

/** Text the visitor must give: trimmed, at least one character and at most `max`. */
export function requiredText(max: number, errors: { missing: string; tooLong: string }) {
  return z.string({ error: errors.missing }).trim().min(1, errors.missing).max(max, errors.tooLong);
}

const MAX_EMAIL_CHARS = 254;

export function visitorEmail() {
  const { emailMissing, emailInvalid } = VISITOR_FIELD_ERRORS;
  return z
    .email({ error: (issue) => (issue.input === undefined ? emailMissing : emailInvalid) })
    .max(MAX_EMAIL_CHARS, emailInvalid);
}
