// CSV for spreadsheet programs (the orders export).

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

/** One record with its CRLF line end (RFC 4180). */
export function csvLine(row: readonly unknown[]): string {
  return `${row.map(csvCell).join(",")}\r\n`;
}

/**
 * A header (our own column names, written bare) and rows as CSV bytes, after a byte order mark. The stream asks `batches` for its next batch only when the
 * reader has taken the previous one: a slow download holds back the database reads instead of
 * piling rows up in memory, so an export of any size runs in the memory of one batch.
 */
export function csvStream(header: readonly string[], batches: AsyncIterable<unknown[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`${BYTE_ORDER_MARK}${header.join(",")}\r\n`));
      },
      async pull(controller) {
        // A pull that enqueues nothing is not called again: skip empty batches here.
        for (;;) {
          const next = await iterator.next();
          if (next.done) return controller.close();
          if (next.value.length > 0) return controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}
