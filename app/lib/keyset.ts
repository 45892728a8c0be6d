import { z } from "zod";

// Keyset (cursor) pages of a newest-first list: a page is found from the row it starts after, so
// page 20,000 costs what page 1 costs. The cursor is readable in the URL: the row's timestamp
// (UTC, to the microsecond Postgres keeps) and its id, which breaks ties between rows written in
// the same microsecond.

export const PAGE_SIZE = 50;

export interface Cursor {
  at: string;
  id: string;
}

/** Which page of the list: the newest, the oldest, or the one next to a cursor row. */
export type PageRequest =
  | { kind: "first" }
  | { kind: "last" }
  // `older`: the rows after the cursor (the next page); `newer`: the rows before it.
  | { kind: "older" | "newer"; cursor: Cursor };

/** Where a served page sits in its list, for the page links. */
export interface PageInfo {
  /** Cursors of the page's first (newest) and last (oldest) rows; null on an empty page. */
  newestCursor: string | null;
  oldestCursor: string | null;
  hasNewer: boolean;
  hasOlder: boolean;
}

/**
 * The URL parameters of a list's pages: `after`, `before`, `last`. A second list on the same
 * screen (a conversation's messages beside the list of conversations) names its own with a prefix,
 * so each list's page links keep the other's page.
 */
export function pageParams(prefix = "") {
  return { after: `${prefix}after`, before: `${prefix}before`, last: `${prefix}last` } as const;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

// The calendar check (no 30 February) that keeps the cast in SQL from failing on a hand-edited URL.
const timestamp = z
  .string()
  .regex(TIMESTAMP)
  .refine((text) => {
    const millis = text.slice(0, 23);
    const date = new Date(`${millis}Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === millis;
  });

export const UUID_ID = z.string().uuid();

export function formatCursor(cursor: Cursor): string {
  return `${cursor.at}~${cursor.id}`;
}

/** A cursor from the URL, or null when it is not one this list could have written. */
export function parseCursor(text: string, id: z.ZodType<string> = UUID_ID): Cursor | null {
  const split = text.indexOf("~");
  if (split < 0) return null;
  const parsed = z.object({ at: timestamp, id }).safeParse({ at: text.slice(0, split), id: text.slice(split + 1) });
  return parsed.success ? parsed.data : null;
}

/**
 * The page a URL asks for: `?after=<cursor>` (older rows), `?before=<cursor>` (newer rows),
 * `?last=1` (the oldest rows), otherwise the first page. A cursor that does not parse is the first
 * page, never an error: old bookmarks and hand-edited links still open the list.
 */
export function readPageRequest(params: URLSearchParams, id: z.ZodType<string> = UUID_ID, prefix = ""): PageRequest {
  const names = pageParams(prefix);
  const after = params.get(names.after);
  const before = params.get(names.before);
  if (after !== null) {
    const cursor = parseCursor(after, id);
    if (cursor) return { kind: "older", cursor };
  } else if (before !== null) {
    const cursor = parseCursor(before, id);
    if (cursor) return { kind: "newer", cursor };
  } else if (params.get(names.last) === "1") {
    return { kind: "last" };
  }
  return { kind: "first" };
}

export type PageLink = "first" | "previous" | "next" | "last";

/**
 * The query string of a page link from the current one: every other parameter (filter, search)
 * is kept; null when there is no such page from here.
 */
export function pageLinkSearch(current: URLSearchParams, page: PageInfo, link: PageLink, prefix = ""): string | null {
  const names = pageParams(prefix);
  const params = new URLSearchParams(current);
  for (const name of Object.values(names)) params.delete(name);
  if (link === "first" || link === "previous") {
    if (!page.hasNewer) return null;
    if (link === "previous" && page.newestCursor) params.set(names.before, page.newestCursor);
  } else {
    if (!page.hasOlder) return null;
    if (link === "next" && page.oldestCursor) params.set(names.after, page.oldestCursor);
    else params.set(names.last, "1");
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
