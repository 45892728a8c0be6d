import { z } from "zod";

/** The longest search the admin lists' search boxes take. */
export const SEARCH_MAX_CHARS = 100;

// A search longer than the box allows (a hand-edited URL) is cut, not refused.
const SearchSchema = z
  .string()
  .trim()
  .transform((q) => q.slice(0, SEARCH_MAX_CHARS))
  .catch("");

/** The search typed in a list's box (`q` in its URL), trimmed and cut to the box's length. */
export function readSearch(params: URLSearchParams): string {
  return SearchSchema.parse(params.get("q") ?? "");
}
