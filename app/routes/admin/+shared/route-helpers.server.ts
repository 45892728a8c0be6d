import { data } from "react-router";
import { z } from "zod";

import { COMMON_TEXTS, type RecordName } from "~/copy/admin";
import { log } from "~/lib/log.server";

// Small pieces every admin action needs: the intent of a multi-form screen, ids from the URL or
// a form, and the message an error toast may show.

/** The submit button's `intent`; anything not in `allowed` is a 400. */
export function readIntent<const T extends string>(formData: FormData, allowed: readonly T[]): T {
  const intent = formData.get("intent");
  if (typeof intent === "string" && (allowed as readonly string[]).includes(intent)) return intent as T;
  throw data(COMMON_TEXTS.unknownIntent(String(intent)), { status: 400 });
}

const uuid = z.uuid();

/** An id from the URL or a form: anything but a UUID cannot name a record, so it is a 404. */
export function requireId(value: FormDataEntryValue | string | null | undefined, what: RecordName = "record"): string {
  const parsed = uuid.safeParse(value);
  if (!parsed.success) throw data(COMMON_TEXTS.gone(COMMON_TEXTS.records[what]), { status: 404 });
  return parsed.data;
}

/** The id in the URL of a screen that both creates and edits a record: none on the create screen. */
export function optionalId(value: string | undefined, what: RecordName): string | undefined {
  return value === undefined ? undefined : requireId(value, what);
}

export function notFound(what: RecordName): never {
  throw data(COMMON_TEXTS.gone(COMMON_TEXTS.records[what]), { status: 404 });
}

// Errors whose message is written for the admin: rule violations, a taken username.
const USER_FACING = new Set(["AdminRuleError", "UsernameTakenError"]);

/** 400 for a refusal the admin can act on, 500 for a failure of ours. */
export function errorStatus(error: unknown): 400 | 500 {
  return error instanceof Error && USER_FACING.has(error.name) ? 400 : 500;
}

/**
 * The description of an error toast. The spec shows "the server's message"; messages written
 * for admins are shown as they are, anything else (a database failure) is logged and replaced
 * by `fallback`, so internals never reach the page.
 */
export function errorDescription(error: unknown, fallback: string = COMMON_TEXTS.tryAgain): string {
  if (error instanceof Error && USER_FACING.has(error.name)) return error.message;
  log.error("admin action failed", { error });
  return fallback;
}
