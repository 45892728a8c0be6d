import { describe, expect, it } from "vitest";
import { csvCell, csvStream } from "./csv";

// TextDecoder's default (and so Response.text()) drops the byte order mark this checks for.
async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

async function* batchesOf(...batches: unknown[][][]) {
  yield* batches;
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
  it("joins rows with CRLF after a byte order mark, batch after batch", async () => {
    const stream = csvStream(["a", "b"], batchesOf([[1, "x"]], [], [[2, null]]));
    expect(await textOf(stream)).toBe('\uFEFFa,b\r\n"1","x"\r\n"2",""\r\n');
  });

  it("is the header alone without rows", async () => {
    expect(await textOf(csvStream(["a"], batchesOf()))).toBe("\uFEFFa\r\n");
  });

  it("asks for a batch only when the reader wants more, and stops the batches when cancelled", async () => {
    const asked: number[] = [];
    let stopped = false;
    async function* batches() {
      try {
        for (let n = 1; n <= 100; n++) {
          asked.push(n);
          yield [[n]];
        }
      } finally {
        stopped = true;
      }
    }
    const reader = csvStream(["n"], batches()).getReader();
    await reader.read();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked.length).toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(stopped).toBe(true);
  });
});
