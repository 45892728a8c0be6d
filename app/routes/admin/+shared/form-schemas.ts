import { z } from "zod";

// Field rules shared by the admin forms (client and server validate with the same schemas).

export const required = (label: string, max = 500) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max = 500) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

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
    .string({ error: `${label} is required` })
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine(isHttpUrl, `${label} must be a web address starting with http:// or https://`);

export const email = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(320, `${label} must be at most 320 characters`)
    .pipe(z.email(`${label} must be a valid email address`));

const numberError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required` : `${label} must be a number`;

export const amount = (label: string, max = 1_000_000) =>
  z
    .number({ error: numberError(label) })
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}`);

export const count = (label: string) =>
  z
    .number({ error: numberError(label) })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(1_000_000, `${label} is too large`);

/** A checkbox: present ("on") when ticked, absent when not. */
export const checkbox = () => z.boolean().default(false);
