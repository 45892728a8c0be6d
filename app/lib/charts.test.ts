import { describe, expect, it } from "vitest";

import { areaPath, groupedBars, labelIndexes, linePath, niceMax, stackedBars, xAt, yAt } from "./charts";

const plot = { width: 100, height: 50 };

describe("scales", () => {
  it("rounds the top of the y axis up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(23)).toBe(25);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(4100)).toBe(5000);
    expect(niceMax(0.3)).toBeCloseTo(0.5);
  });

  it("spreads points edge to edge and puts a single point in the middle", () => {
    expect(xAt(0, 3, plot)).toBe(0);
    expect(xAt(2, 3, plot)).toBe(100);
    expect(xAt(0, 1, plot)).toBe(50);
    expect(yAt(0, 10, plot)).toBe(50);
    expect(yAt(10, 10, plot)).toBe(0);
    expect(yAt(-3, 10, plot)).toBe(50);
  });
});

describe("paths", () => {
  it("draws the line and closes the area along the bottom", () => {
    expect(linePath([0, 5, 10], 10, plot)).toBe("M0,50 L50,25 L100,0");
    expect(areaPath([0, 5, 10], 10, plot)).toBe("M0,50 L50,25 L100,0 L100,50 L0,50 Z");
    expect(areaPath([], 10, plot)).toBe("");
  });

  it("stacks each bar's series from the bottom and leaves out empty segments", () => {
    const segments = stackedBars(
      [
        [2, 0, 3],
        [0, 0, 0],
      ],
      10,
      plot,
      0,
    );
    expect(segments).toEqual([
      { series: 0, x: 0, y: 40, width: 50, height: 10 },
      { series: 2, x: 0, y: 25, width: 50, height: 15 },
    ]);
  });

  it("puts grouped bars side by side in their slot", () => {
    expect(groupedBars([[10, 5]], 10, plot, 0)).toEqual([
      { series: 0, x: 0, y: 0, width: 50, height: 50 },
      { series: 1, x: 50, y: 25, width: 50, height: 25 },
    ]);
  });

  it("labels the first and the last point and a few between", () => {
    expect(labelIndexes(3, 4)).toEqual([0, 1, 2]);
    expect(labelIndexes(30, 4)).toEqual([0, 10, 19, 29]);
    expect(labelIndexes(0, 4)).toEqual([]);
  });
});
