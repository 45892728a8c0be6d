import { z } from "zod";

import { FIELD_ERRORS } from "~/copy/admin";
import { parseStoredImageUrl } from "~/lib/images";

// Field rules shared by the admin forms (client and server validate with the same schemas).

export const required = (label: string, max = 500) =>
  z
    .string({ error: FIELD_ERRORS.required(label) })
    .trim()
    .min(1, FIELD_ERRORS.required(label))
    .max(max, FIELD_ERRORS.tooLong(label, max));

export const optionalText = (label: string, max = 500) =>
  z.string().trim().max(max, FIELD_ERRORS.tooLong(label, max)).optional();

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** An http(s) address: a javascript: or data: URL must never reach an href or src. */
export const httpUrl = (label: string) =>
  z
    .string({ error: FIELD_ERRORS.required(label) })
    .trim()
    .max(2000, FIELD_ERRORS.tooLong(label, 2000))
    .refine(isHttpUrl, FIELD_ERRORS.notHttpUrl(label));

export const email = (label: string) =>
  z
    .string({ error: FIELD_ERRORS.required(label) })
    .trim()
    .max(320, FIELD_ERRORS.tooLong(label, 320))
    .pipe(z.email(FIELD_ERRORS.notEmail(label)));

const numberError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? FIELD_ERRORS.required(label) : FIELD_ERRORS.notNumber(label);

export const amount = (label: string, max = 1_000_000) =>
  z
    .number({ error: numberError(label) })
    .min(0, FIELD_ERRORS.negative(label))
    .max(max, FIELD_ERRORS.overMax(label, max));

export const count = (label: string) =>
  z
    .number({ error: numberError(label) })
    .int(FIELD_ERRORS.notWhole(label))
    .min(0, FIELD_ERRORS.negative(label))
    .max(1_000_000, FIELD_ERRORS.tooLarge(label));

/** A checkbox: present ("on") when ticked, absent when not. */
export const checkbox = () => z.boolean().default(false);

/** An image field's URL: a pasted http(s) address, or the URL of an image uploaded here. */
export const imageUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, FIELD_ERRORS.tooLong(label, 2000))
    .refine((value) => isHttpUrl(value) || parseStoredImageUrl(value) !== null, FIELD_ERRORS.notHttpUrl(label))
    .optional();

/** An image field's file input: an empty one (nothing picked) is no upload; the bytes are checked on saving. */
export const imageFile = () => z.instanceof(File).optional();
