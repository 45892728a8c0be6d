import { z } from "zod";

import { FIELD_ERRORS } from "~/copy/admin";
import { nextDay, startOfDay } from "~/lib/zoned-day";

// A range of days typed in an admin form's `from` and `to` date fields (the orders export, the
// Chats filter): both ends optional, both included.

// The no-JavaScript date form sends empty fields for dates left blank.
const optionalDate = (name: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.iso.date({ error: FIELD_ERRORS.notDay(name) }).optional(),
  );

export const DayRangeSchema = z
  .object({ from: optionalDate("from"), to: optionalDate("to") })
  .refine(({ from, to }) => !from || !to || from <= to, { error: FIELD_ERRORS.daysReversed });

export type DayRange = z.infer<typeof DayRangeSchema>;

/** The range in `params`, or the reasons it cannot be read, in one sentence each. */
export function readDayRange(params: URLSearchParams): { range: DayRange } | { error: string } {
  const parsed = DayRangeSchema.safeParse({ from: params.get("from"), to: params.get("to") });
  if (!parsed.success) return { error: parsed.error.issues.map((issue) => issue.message).join(" ") };
  return { range: parsed.data };
}

/** The range as instants of `timeZone`: from its first day's start to the start of the day after its last. */
export function dayRangeInstants({ from, to }: DayRange, timeZone: string): { from?: Date; before?: Date } {
  return {
    from: from ? startOfDay(from, timeZone) : undefined,
    before: to ? startOfDay(nextDay(to), timeZone) : undefined,
  };
}
