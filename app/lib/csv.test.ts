import { describe, expect, it } from "vitest";

import { csvCell, csvLine, csvStream, neutraliseFormulas } from "./csv";

// TextDecoder's default (and so Response.text()) drops the byte order mark this checks for.
async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

async function* recordsOf(...records: string[]) {
  yield* records;
}

/** Cells as Postgres quotes them for the orders export: in quotes, quotes doubled, no formula care. */
const quotedOnly = (cells: readonly (string | null)[]) =>
  cells.map((cell) => `"${(cell ?? "").replaceAll('"', '""')}"`).join(",");

/** The same pseudo-random values on every run (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("csv", () => {
  it.each([
    ["plain", '"plain"'],
    ["with, comma", '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["@cmd", '"\'@cmd"'],
    [null, '""'],
    [undefined, '""'],
    [149.5, '"149.5"'],
    [-5, '"-5"'],
    [new Date("2026-01-02T03:04:05Z"), '"2026-01-02T03:04:05.000Z"'],
  ])("%o → %s", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  // Payloads that run in a spreadsheet opening the file with ";" or "," as its separator, or
  // misreading a line break inside a quoted cell as the end of a record.
  it.each([
    ["x;=cmd|' /C calc'!A0", "\"x;'=cmd|' /C calc'!A0\""],
    ["x,=cmd|' /C calc'!A0", "\"x,'=cmd|' /C calc'!A0\""],
    ["a;+SUM(1)*cmd|'/C calc'!A0", "\"a;'+SUM(1)*cmd|'/C calc'!A0\""],
    ["a;-2+3+cmd|'/C calc'!A0", "\"a;'-2+3+cmd|'/C calc'!A0\""],
    ['a; @SUM(1+1)*cmd|"/C calc"!A0', '"a;\' @SUM(1+1)*cmd|""/C calc""!A0"'],
    ["a;\t=1+1", '"a;\'\t=1+1"'],
    ["a\r=HYPERLINK(1)", '"a\r\'=HYPERLINK(1)"'],
    ["\r=1", "\"'\r'=1\""],
    ["line one\n=IMPORTXML(A1)", '"line one\n\'=IMPORTXML(A1)"'],
    ["=1;=2,=3", "\"'=1;'=2,'=3\""],
    ['"x";=cmd', '"""x"";\'=cmd"'],
  ])("neutralises every segment of %o", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    "+1 555 123",
    "+1 555 0100",
    "-2",
    "-2.5",
    "+44 (0)20 7946-0958",
    "a;+1 555 123",
    "x,-2",
    "2026-01-02",
    "+1/555/123",
  ])("keeps the number or phone number %o unchanged", (value) => {
    expect(csvCell(value)).toBe(`"${value}"`);
  });
  it("writes the header after a byte order mark, then the records, string after string", async () => {
    const stream = csvStream(["a", "b"], recordsOf(csvLine([1, "x"]), "", csvLine([2, null])));
    expect(await textOf(stream)).toBe('\uFEFFa,b\r\n"1","x"\r\n"2",""\r\n');
  });

  it("is the header alone without rows", async () => {
    expect(await textOf(csvStream(["a"], recordsOf()))).toBe("\uFEFFa\r\n");
  });

  // The orders export has Postgres quote its cells and neutralises the formulas of whole records.
  it.each([
    ["x;=cmd|' /C calc'!A0"],
    ['=HYPERLINK("http://x")'],
    ["\r=1"],
    ["a\r=HYPERLINK(1)"],
    ['"x";=cmd'],
    ["-2"],
    ['-2"'],
    ["a,"],
    ['a","=b'],
    ['a",="b'],
    ["+44 (0)20 7946-0958"],
    ["x,-2"],
    ["=1;=2,=3"],
    [null],
  ])("neutralises %o in a record as csvCell does in its cell", (value) => {
    for (const cells of [[value], ["=a", value, "b,"], [value, value], ["", value, "-1"]]) {
      expect(neutraliseFormulas(quotedOnly(cells))).toBe(csvLine(cells).slice(0, -2));
    }
  });

  it("neutralises records of any cells exactly as csvLine writes them (200,000 random records)", () => {
    const next = random(12);
    const characters = ['"', ",", ";", "\r", "\n", " ", "=", "+", "-", "@", "\t", "1", "(", ")", ".", "/", "a", "'"];
    const text = () =>
      Array.from({ length: Math.floor(next() * 10) }, () => characters[Math.floor(next() * characters.length)]).join(
        "",
      );
    for (let i = 0; i < 200_000; i++) {
      const cells = Array.from({ length: 1 + Math.floor(next() * 4) }, () => (next() < 0.1 ? null : text()));
      const record = neutraliseFormulas(quotedOnly(cells));
      const expected = csvLine(cells).slice(0, -2);
      // One expect a record would be 200,000 of them: only a mismatch is reported, with its cells.
      if (record !== expected) expect({ cells, record }).toEqual({ cells, record: expected });
    }
  });

  it("asks for a batch only when the reader wants more, and stops the batches when cancelled", async () => {
    const asked: number[] = [];
    let stopped = false;
    async function* batches() {
      try {
        for (let n = 1; n <= 100; n++) {
          asked.push(n);
          yield `"${n}"\r\n`;
        }
      } finally {
        stopped = true;
      }
    }
    const reader = csvStream(["n"], batches()).getReader();
    await reader.read();
    await reader.read();
    // The batches make no I/O, so a read ahead would run in microtasks: they have all run by the
    // time a macrotask does.
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked.length).toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(stopped).toBe(true);
  });
});
