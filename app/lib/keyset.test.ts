import { describe, expect, it } from "vitest";
import { z } from "zod";

import { type PageInfo, pageLinkSearch, parseCursor, readPageRequest, UUID_ID } from "./keyset";

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";
const AT = "2026-11-23T14:29:21.123456Z";
const CURSOR = `${AT}~${ID}`;

describe("readPageRequest", () => {
  it("reads the four kinds of page from the URL", () => {
    expect(readPageRequest(new URLSearchParams())).toEqual({ kind: "first" });
    expect(readPageRequest(new URLSearchParams({ after: CURSOR }))).toEqual({
      kind: "older",
      cursor: { at: AT, id: ID },
    });
    expect(readPageRequest(new URLSearchParams({ before: CURSOR }))).toEqual({
      kind: "newer",
      cursor: { at: AT, id: ID },
    });
    expect(readPageRequest(new URLSearchParams({ last: "1" }))).toEqual({ kind: "last" });
  });

  it.each([
    ["no separator", AT],
    ["milliseconds only", `2026-11-23T14:29:21.123Z~${ID}`],
    ["a day that does not exist", `2026-02-30T14:29:21.123456Z~${ID}`],
    ["an hour that does not exist", `2026-11-23T25:29:21.123456Z~${ID}`],
    ["an id that is not a uuid", `${AT}~1 or 1=1`],
    ["nothing", ""],
  ])("opens the first page for a cursor with %s", (_, text) => {
    expect(parseCursor(text)).toBeNull();
    expect(readPageRequest(new URLSearchParams({ after: text }))).toEqual({ kind: "first" });
  });

  it("reads a prefixed list's parameters and leaves the others to their list", () => {
    const params = new URLSearchParams({ after: CURSOR, msgs_before: CURSOR });
    expect(readPageRequest(params, UUID_ID, "msgs_")).toEqual({ kind: "newer", cursor: { at: AT, id: ID } });
    expect(readPageRequest(new URLSearchParams({ last: "1" }), UUID_ID, "msgs_")).toEqual({ kind: "first" });
    expect(readPageRequest(new URLSearchParams({ msgs_last: "1" }), UUID_ID, "msgs_")).toEqual({ kind: "last" });
  });

  it("takes the list's own id rule", () => {
    expect(parseCursor(`${AT}~session-1`, z.string().min(1))).toEqual({ at: AT, id: "session-1" });
  });
});

describe("pageLinkSearch", () => {
  const middle: PageInfo = { newestCursor: "N~1", oldestCursor: "O~2", hasNewer: true, hasOlder: true };
  const current = new URLSearchParams({ status: "paid", q: "ada", after: "X~3" });

  it("keeps the filter and search and replaces the page", () => {
    expect(pageLinkSearch(current, middle, "first")).toBe("?status=paid&q=ada");
    expect(pageLinkSearch(current, middle, "previous")).toBe("?status=paid&q=ada&before=N%7E1");
    expect(pageLinkSearch(current, middle, "next")).toBe("?status=paid&q=ada&after=O%7E2");
    expect(pageLinkSearch(current, middle, "last")).toBe("?status=paid&q=ada&last=1");
  });

  it("replaces only a prefixed list's page, keeping the other list's", () => {
    const both = new URLSearchParams({ session: "s-1", after: "X~3", msgs_after: "Y~4" });
    expect(pageLinkSearch(both, middle, "first", "msgs_")).toBe("?session=s-1&after=X%7E3");
    expect(pageLinkSearch(both, middle, "next", "msgs_")).toBe("?session=s-1&after=X%7E3&msgs_after=O%7E2");
    expect(pageLinkSearch(both, middle, "last", "msgs_")).toBe("?session=s-1&after=X%7E3&msgs_last=1");
    expect(pageLinkSearch(both, middle, "previous")).toBe("?session=s-1&msgs_after=Y%7E4&before=N%7E1");
  });

  it("has no link where there is no page to go to", () => {
    const only: PageInfo = { ...middle, hasNewer: false, hasOlder: false };
    for (const link of ["first", "previous", "next", "last"] as const) {
      expect(pageLinkSearch(current, only, link)).toBeNull();
    }
    expect(pageLinkSearch(new URLSearchParams({ last: "1" }), { ...middle, hasOlder: false }, "first")).toBe("");
  });
});
