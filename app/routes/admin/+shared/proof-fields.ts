import { z } from "zod";

import { FIELD_ERRORS } from "~/copy/admin";
import { PROOF_FIELD_ERRORS } from "~/copy/proof";

// An image's address on the proof forms: a web address, or a file this site serves ("/uploads/…",
// the demo's "/demo/…"). Never "//host" (another site without a scheme), javascript: or data:.
function isImageAddress(value: string): boolean {
  if (/^\/(?!\/)/.test(value)) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const imageAddress = (label: string) =>
  z
    .string({ error: FIELD_ERRORS.required(label) })
    .trim()
    .max(2000, FIELD_ERRORS.tooLong(label, 2000))
    .refine(isImageAddress, PROOF_FIELD_ERRORS.notImageAddress(label));
