import { describe, expect, it } from "vitest";

import { changedFields } from "./audit";

describe("changedFields", () => {
  it("names the fields whose value changed, treating empty and null alike, never values", () => {
    expect(changedFields({ a: "x", b: null, c: 1 }, { a: "y", b: undefined, c: 1, d: null })).toEqual(["a"]);
    expect(changedFields(null, { a: "x", b: null })).toEqual(["a"]);
    expect(changedFields({ list: [1, 2] }, { list: [1, 2, 3] })).toEqual(["list"]);
  });
});
