import { z } from "zod";

import { PERSONAL_DATA_EMAIL_ERRORS, personalDataCounts } from "~/copy/admin";

// Pure pieces of "Personal data on request", shared by the admin screen, its export
// and the erasure.

/** The address searched for: trimmed and lower-cased, as the stored ones are compared. */
export const PersonalDataEmailSchema = z
  .string({ error: PERSONAL_DATA_EMAIL_ERRORS.required })
  .trim()
  .min(1, PERSONAL_DATA_EMAIL_ERRORS.required)
  .max(254, PERSONAL_DATA_EMAIL_ERRORS.tooLong)
  .pipe(z.email(PERSONAL_DATA_EMAIL_ERRORS.invalid))
  .transform((email) => email.toLowerCase());

// Characters that may sit next to an address inside a longer one: "xalice@example.com" and
// "alice@example.com.au" are other addresses than alice@example.com, "alice@example.com." ends a sentence.
const LOCAL_PART_CHAR = /[a-z0-9._%+-]/i;
const DOMAIN_CHAR = /[a-z0-9-]/i;

/** Whether `text` mentions `email` (lower-cased) as a whole address, in any case. */
export function mentionsEmail(text: string, email: string): boolean {
  const haystack = text.toLowerCase();
  for (let at = haystack.indexOf(email); at !== -1; at = haystack.indexOf(email, at + 1)) {
    const before = haystack[at - 1] ?? "";
    const after = haystack.slice(at + email.length, at + email.length + 2);
    const continuesDomain = DOMAIN_CHAR.test(after[0] ?? "") || (after[0] === "." && DOMAIN_CHAR.test(after[1] ?? ""));
    if (!LOCAL_PART_CHAR.test(before) && !continuesDomain) return true;
  }
  return false;
}

/**
 * The address as the audit log may name it: enough to tell two erasures apart, not to read the
 * address back ("alice@example.com" → "a***@e***.com").
 */
export function maskEmail(email: string): string {
  const [local, domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***${tld}`;
}

/** "3 orders, 2 messages, 1 conversation". */
export function describeCounts(counts: { orders: number; contactMessages: number; conversations: number }): string {
  return personalDataCounts(counts);
}
