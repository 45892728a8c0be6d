// Structured logs: one JSON object a line, info on stdout and warnings and errors on stderr, which
// Fly.io and most log collectors parse without configuration (docs/decisions/015-pino-logger.md).
import pino from "pino";

interface LoggedError {
  name: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

/**
 * An error as the log shows it, with its causes (the database's reason is drizzle's cause). A
 * failed query's message and stack name its parameters, which carry what was being written (secret
 * keys, password hashes, personal data): only the statement is kept.
 */
function describeError(error: Error, depth = 0): LoggedError {
  const message = error.message;
  const query = "params" in error && "query" in error && typeof error.query === "string" ? error.query : null;
  const safeMessage = query && message.startsWith(`Failed query: ${query}`) ? `Failed query: ${query}` : message;
  const stack = error.stack?.includes(message)
    ? error.stack.replace(message, () => safeMessage)
    : error.stack?.split("\n    at ").slice(1).join("\n    at ");
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: safeMessage,
    ...(typeof code === "string" ? { code } : {}),
    ...(stack ? { stack } : {}),
    ...(error.cause instanceof Error && depth < 5 ? { cause: describeError(error.cause, depth + 1) } : {}),
  };
}

/** Every error among a line's fields, whatever its key, is written as describeError has it. */
function scrubErrors(fields: Record<string, unknown>): Record<string, unknown> {
  if (!Object.values(fields).some((value) => value instanceof Error)) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value instanceof Error ? describeError(value) : value]),
  );
}

/** One answered request, as the server logs it. */
export interface RequestLine {
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  ip?: string;
  /** "hit": sent by the page cache (server/page-cache.ts). */
  cache?: "hit";
}

/** Takes the request lines, each with the time it was logged (Date.now()). */
export interface RequestLines {
  add: (at: number, fields: RequestLine) => void;
}

/** Where the lines go: info, warnings and errors, and the request lines. */
export interface LogStreams {
  info: pino.DestinationStream;
  warn: pino.DestinationStream;
  requests: RequestLines;
}

/** A request line as pino writes the others: level, time, msg, then the fields in their order. */
function formatRequestLine(at: number, fields: RequestLine): string {
  const rest = JSON.stringify(fields);
  return `{"level":"info","time":"${new Date(at).toISOString()}","msg":"request"${rest === "{}" ? "}" : `,${rest.slice(1)}`}\n`;
}

/** Request lines written one by one, as they come. */
export const requestLinesTo = (destination: pino.DestinationStream): RequestLines => ({
  add: (at, fields) => destination.write(formatRequestLine(at, fields)),
});

/** The longest a request line waits to be written (docs/decisions/030-request-log-buffer.md). */
const REQUEST_LOG_FLUSH_MS = 250;
/** About 4 kB of request lines: written together once this many wait. */
const REQUEST_LINES_PER_WRITE = 32;

// Info, warnings and errors are written at once, a system call a line: a line logged just before
// an exit or a crash is never left in a buffer. Request lines, one an answer, are kept as they came
// and formatted and written together: a line formatted and written each time was the costliest part
// of sending a cached page after the page itself (docs/decisions/030-request-log-buffer.md).
// Development loads this module again on every change, so it writes them at once.
const standardStreams = (): LogStreams => {
  const info = pino.destination({ fd: 1, sync: true });
  const warn = pino.destination({ fd: 2, sync: true });
  const requests = process.env.NODE_ENV === "development" ? requestLinesTo(info) : requestLinesGathered(info);
  return { info, warn, requests };
};

function requestLinesGathered(destination: pino.DestinationStream): RequestLines {
  let waiting: [number, RequestLine][] = [];
  const flush = () => {
    if (waiting.length === 0) return;
    let lines = "";
    for (const [at, fields] of waiting) lines += formatRequestLine(at, fields);
    waiting = [];
    destination.write(lines);
  };
  setInterval(flush, REQUEST_LOG_FLUSH_MS).unref();
  process.on("exit", flush);
  return {
    add(at, fields) {
      waiting.push([at, fields]);
      if (waiting.length >= REQUEST_LINES_PER_WRITE) flush();
    },
  };
}

// Under the test runner lines go through the console, which shows them beside the test that wrote
// them and lets a test silence or read them.
const consoleStreams = (): LogStreams => {
  const info = { write: (line: string) => console.log(line.trimEnd()) };
  return { info, warn: { write: (line) => console.error(line.trimEnd()) }, requests: requestLinesTo(info) };
};

export function createLogger(streams: LogStreams) {
  const options: pino.LoggerOptions = {
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (level) => ({ level }), log: scrubErrors },
  };
  const info = pino(options, streams.info);
  const warnings = pino(options, streams.warn);
  // The message goes first among the fields, so a line reads "msg" then what it is about.
  return {
    info: (msg: string, fields?: Record<string, unknown>) => info.info({ msg, ...fields }),
    warn: (msg: string, fields?: Record<string, unknown>) => warnings.warn({ msg, ...fields }),
    error: (msg: string, fields?: Record<string, unknown>) => warnings.error({ msg, ...fields }),
    /** One answered request: an info line named "request". */
    request: (fields: RequestLine) => streams.requests.add(Date.now(), fields),
  };
}

export const log = createLogger(process.env.NODE_ENV === "test" ? consoleStreams() : standardStreams());
