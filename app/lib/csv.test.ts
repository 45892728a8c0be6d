import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csv", () => {
  it.each([
    ["plain", "plain"],
    ["with, comma", '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+1 555 0100", "'+1 555 0100"],
    ["@cmd", "'@cmd"],
    [null, ""],
    [undefined, ""],
    [149.5, "149.5"],
    [-5, "-5"],
    [new Date("2026-01-02T03:04:05Z"), "2026-01-02T03:04:05.000Z"],
  ])("%o → %s", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("joins rows with CRLF after a byte order mark", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          [1, "x"],
          [2, null],
        ],
      ),
    ).toBe("\uFEFFa,b\r\n1,x\r\n2,\r\n");
  });
});
