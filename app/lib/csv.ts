// CSV for spreadsheet programs (the orders export); why not csv-stringify: docs/decisions/012-csv-kept.md.

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"),
// and not only at the cell's start: a program that splits on ";" (or ","), or that misreads a
// quote, starts a new cell after any separator or line break. So every such segment of a cell
// is checked, each a segment up to the next separator; a carriage return on its own is a trigger.
const FORMULA_SEGMENT = /(?<=^|[;,\r\n])(?: *[=+\-@\t][^;,\r\n]*|\r)/g;
// Signed numbers and phone numbers ("-2", "+1 555 123", "+44 (0)20 7946 0958") hold no name or
// reference a formula could call, so they reach the spreadsheet unchanged.
const NUMBER_OR_PHONE = /^ *[+-][\d ()./-]*\d[\d ()./-]*$/;

// Excel reads a file as UTF-8 only when it starts with a byte order mark.
const BYTE_ORDER_MARK = "\uFEFF";

/** A quoted cell whose every formula-starting segment is made text by a leading apostrophe. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  const text = (value instanceof Date ? value.toISOString() : String(value)).replace(FORMULA_SEGMENT, (segment) =>
    NUMBER_OR_PHONE.test(segment) ? segment : `'${segment}`,
  );
  return `"${text.replaceAll('"', '""')}"`;
}

// FORMULA_SEGMENT's segment starts, found in a whole record whose cells are already quoted (each
// cell in quotes, each quote inside doubled, cells joined by ","): a cell's first character, after
// its opening quote at the record's start or after a separating ",", or any character after one of
// the separators inside a cell. A quote inside a cell is always doubled, so where a separator or
// an opening-quote look-alike is followed by a quote, nothing starts there. A segment is a number
// or phone number when it ends at a separator or at the cell's closing quote (one quote, then ","
// or the record's end).
const RECORD_FORMULA_START =
  /(?<=^"|,"|[;,\r\n])(?=\r| *[=+\-@\t])(?! *[+-][\d ()./-]*\d[\d ()./-]*(?:[;,\r\n]|"(?:,|$)))/g;

/**
 * A record of quoted cells (csvCell's quoting without its formula care, as Postgres writes it for
 * the orders export), without its line end, made what csvLine would have written for the same
 * values: every formula-starting segment of every cell gets its leading apostrophe. One regular
 * expression over the record instead of one call per cell (csv.test.ts checks both agree).
 */
export function neutraliseFormulas(record: string): string {
  return record.replace(RECORD_FORMULA_START, "'");
}

/** One record with its CRLF line end (RFC 4180). */
export function csvLine(row: readonly unknown[]): string {
  return `${row.map(csvCell).join(",")}\r\n`;
}

/**
 * A header (our own column names, written bare) after a byte order mark, then `records`: each
 * string a run of CSV records (csvLine's, or csvCell's cells joined), as bytes. The stream is
 * pulled: it asks `records` for its next string only once the reader has taken the previous one
 * (highWaterMark 1), so a slow download holds back the database reads instead of piling rows up
 * in memory, and an export of any size runs in the memory of one batch.
 */
export function csvStream(header: readonly string[], records: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = records[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`${BYTE_ORDER_MARK}${header.join(",")}\r\n`));
      },
      async pull(controller) {
        // A pull that enqueues nothing is not called again: skip empty strings here.
        for (;;) {
          const next = await iterator.next();
          if (next.done) return controller.close();
          if (next.value.length > 0) return controller.enqueue(encoder.encode(next.value));
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}
