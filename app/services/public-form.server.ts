import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";

import { FORM_INVALID } from "~/copy/site";
import { isDatabaseUnavailable } from "~/db/client.server";
import { rateLimitAddress } from "~/lib/address-key";
import { isEnhancedSubmission } from "~/lib/enhanced-submission";
import { isHoneypotFilled } from "~/lib/honeypot";
import { log } from "~/lib/log.server";
import { readForm } from "~/lib/read-form.server";
import { clientIp } from "~/lib/request-context.server";
import { DATABASE_RETRY_AFTER_S } from "~/lib/retry-after";
import { hitRateLimit } from "~/models/rate-limits.server";
import { dataWithError, dataWithSuccess, redirectWithSuccess, type ToastText } from "~/services/toast.server";

// The one path of a visitor's form post (the contact form and the order form): read, validate,
// refuse bots and floods, store, answer with a toast. Every refusal keeps what was typed.

const HOUR_MS = 60 * 60 * 1000;

/** The counters' key prefixes: each form's posts are counted per visitor address under one. */
export const FORM_LIMIT_KEYS = { order: "orders", contact: "contact" } as const;
type FormLimitKey = (typeof FORM_LIMIT_KEYS)[keyof typeof FORM_LIMIT_KEYS];

/** The counter of a form's posts from the address `ip`. */
export const formLimitKey = (key: FormLimitKey, ip: string) => `${key}:${rateLimitAddress(ip)}`;

type FieldErrors = Record<string, string[]>;

export interface PublicForm<Schema extends z.ZodType, Extra extends object, Stored> {
  /** Names the form in the logs: "contact", "order". */
  name: string;
  schema: Schema;
  /** The counter's key prefix (one counter per visitor address) and how many posts an hour it allows. */
  rateLimit: { key: FormLimitKey; perHour: number };
  toasts: { success: ToastText; failure: ToastText };
  /** The toast for invalid fields; the failure toast when not given. */
  invalidToast?: (errors: Record<string, string[] | null>) => ToastText;
  store: (value: z.output<Schema>) => Promise<Stored>;
  /** Field errors for a store failure that is the visitor's to fix (a service withdrawn meanwhile). */
  refusedFields?: (error: unknown) => FieldErrors | undefined;
  /** Where a post without JavaScript lands once stored (Post/Redirect/Get). */
  redirectTo: string;
  /** Headers of that redirect, from what was stored (a cookie for the page it leads to). */
  redirectHeaders?: (stored: Stored) => Promise<Headers>;
  /** The page it leads to says the success toast's words itself: the redirect carries no toast. */
  redirectShowsSuccess?: boolean;
  /** Added to the answer of a post with JavaScript once stored, from what was stored. */
  stored?: (stored: Stored) => Extra | Promise<Extra>;
}

export async function publicFormAction<
  Schema extends z.ZodType,
  Extra extends object = Record<never, never>,
  Stored = unknown,
>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  form: PublicForm<Schema, Extra, Stored>,
) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: form.schema });
  const refuse = (toast: ToastText, init: ResponseInit, fieldErrors?: FieldErrors) =>
    dataWithError(context, { result: submission.reply(fieldErrors ? { fieldErrors } : undefined) }, toast, init);

  if (submission.status !== "success") {
    // A correctable form is not a failure: the toast points at the fields.
    const toast = form.invalidToast?.(submission.error ?? {}) ?? FORM_INVALID;
    return refuse(toast, { status: 400 });
  }
  // A bot gets the answer of a refused post, nothing that tells it what gave it away.
  if (isHoneypotFilled(formData)) {
    log.warn(`${form.name} form honeypot filled`, { ip: clientIp(context) });
    return refuse(form.toasts.failure, { status: 400 });
  }
  let stored: Stored;
  try {
    const limit = await hitRateLimit(
      formLimitKey(form.rateLimit.key, clientIp(context)),
      form.rateLimit.perHour,
      HOUR_MS,
    );
    if (!limit.allowed) {
      return refuse(form.toasts.failure, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
    }
    stored = await form.store(submission.value);
  } catch (error) {
    const fieldErrors = form.refusedFields?.(error);
    if (fieldErrors) return refuse(form.toasts.failure, { status: 400 }, fieldErrors);
    log.error(`storing a ${form.name} form post failed`, { error });
    // Out of the database's reach the post is refused like any failure, with its values kept,
    // and says when to try again.
    if (isDatabaseUnavailable(error)) {
      return refuse(form.toasts.failure, { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_S) } });
    }
    return refuse(form.toasts.failure, { status: 500 });
  }
  if (isEnhancedSubmission(formData)) {
    return dataWithSuccess(
      context,
      { result: submission.reply({ resetForm: true }), ...((await form.stored?.(stored)) as Extra) },
      form.toasts.success,
    );
  }
  const headers = await form.redirectHeaders?.(stored);
  if (form.redirectShowsSuccess) return redirect(form.redirectTo, { headers });
  return redirectWithSuccess(form.redirectTo, form.toasts.success, { headers });
}
