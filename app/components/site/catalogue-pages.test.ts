import { describe, expect, it } from "vitest";

import { pageWindow } from "./catalogue-pages";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("keeps the first, the last and the current page's neighbours, with a gap for each run left out", () => {
    expect(pageWindow(1, 42)).toEqual([1, 2, null, 42]);
    expect(pageWindow(21, 42)).toEqual([1, null, 20, 21, 22, null, 42]);
    expect(pageWindow(42, 42)).toEqual([1, null, 41, 42]);
  });

  it("shows a single page left out rather than a gap standing for it", () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(pageWindow(7, 10)).toEqual([1, null, 6, 7, 8, 9, 10]);
  });
});
