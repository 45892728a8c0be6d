import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";

import type { RecordName } from "~/copy/admin";
import { dataWithError, redirectWithSuccess, type ToastText } from "~/services/toast.server";

import { errorDescription, errorStatus, notFound } from "./route-helpers.server";

/** Where a saved form leads, with its success toast. */
export type Saved = { redirectTo: string; toast: ToastText };

/** The form sent back with an error toast: a rule the admin can act on, or a failed save. */
export type Refused = {
  status: number;
  toast: ToastText;
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
};

/**
 * The one sequence of an admin form that saves a record: parse and validate (a 400 with the field
 * errors and what was typed), save, then a redirect with a success toast, or the form again with
 * an error toast. Only `save`, the model call, runs inside try/catch, so a response thrown anywhere
 * else (a 404, a 403) never reaches the catch; a `save` that finds no record answers null, and the
 * 404 is thrown here, after it.
 */
export async function saveForm<Schema extends z.ZodType, Extra extends object = object>(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  form: {
    schema: Schema;
    /** Fields the answer never sends back (passwords). */
    hideFields?: string[];
    /** Sent with every answer: the `intent` of a screen with several forms. */
    extra?: Extra;
    /** What a missing record is called in the 404 ("service"). */
    record?: RecordName;
    save: (value: z.output<Schema>) => Promise<Saved | Refused | null>;
    failed: (error: unknown) => Refused;
  },
) {
  const submission = parseWithZod(formData, { schema: form.schema });
  const answer = (errors: Pick<Refused, "fieldErrors" | "formErrors"> = {}) => ({
    ...(form.extra as Extra),
    result: submission.reply({ ...errors, hideFields: form.hideFields }),
  });
  if (submission.status !== "success") return data(answer(), { status: 400 });
  let outcome: Saved | Refused | null;
  try {
    outcome = await form.save(submission.value);
  } catch (error) {
    outcome = form.failed(error);
  }
  if (!outcome) notFound(form.record ?? "record");
  if ("redirectTo" in outcome) return redirectWithSuccess(outcome.redirectTo, outcome.toast);
  const { status, toast, ...errors } = outcome;
  return dataWithError(context, answer(errors), toastOnce(toast, errors), { status });
}

/** A save that threw: the error toast (`message`, and a description safe to show) and its status. */
export function failure(error: unknown, message: string, fallback?: string): Refused & { toast: Required<ToastText> } {
  return { status: errorStatus(error), toast: { message, description: errorDescription(error, fallback) } };
}

/** The toast without its description when the form already shows that text: each said once. */
function toastOnce(toast: ToastText, errors: Pick<Refused, "fieldErrors" | "formErrors">): ToastText {
  const onForm = [...(errors.formErrors ?? []), ...Object.values(errors.fieldErrors ?? {}).flat()];
  return toast.description !== undefined && onForm.includes(toast.description) ? { message: toast.message } : toast;
}

/** An uploaded image refused (not an image, too large, no room): said on its file input, the form kept. */
export function imageRefused(reason: string, message: string, field = "imageFile"): Refused {
  return { status: 400, toast: { message, description: reason }, fieldErrors: { [field]: [reason] } };
}
