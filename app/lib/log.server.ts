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

/** Where the lines go: info, warnings and errors, and the request lines. */
export interface LogStreams {
  info: pino.DestinationStream;
  warn: pino.DestinationStream;
  requests: pino.DestinationStream;
}

/** The longest a request line waits to be written (docs/decisions/030-request-log-buffer.md). */
const REQUEST_LOG_FLUSH_MS = 250;

// Info, warnings and errors are written at once, a system call a line: a line logged just before
// an exit or a crash is never left in a buffer. Request lines, one an answer, are written 4 kB at a
// time: a system call each was the costliest part of sending a cached page after the page itself.
// Development loads this module again on every change, so it writes them at once too.
const standardStreams = (): LogStreams => {
  const info = pino.destination({ fd: 1, sync: true });
  const warn = pino.destination({ fd: 2, sync: true });
  return { info, warn, requests: process.env.NODE_ENV === "development" ? info : bufferedRequestLines() };
};

function bufferedRequestLines(): pino.DestinationStream {
  const requests = pino.destination({ fd: 1, sync: true, minLength: 4096 });
  setInterval(() => requests.flushSync(), REQUEST_LOG_FLUSH_MS).unref();
  process.on("exit", () => requests.flushSync());
  return requests;
}

// Under the test runner lines go through the console, which shows them beside the test that wrote
// them and lets a test silence or read them.
const consoleStreams = (): LogStreams => {
  const info = { write: (line: string) => console.log(line.trimEnd()) };
  return { info, warn: { write: (line) => console.error(line.trimEnd()) }, requests: info };
};

export function createLogger(streams: LogStreams) {
  const options: pino.LoggerOptions = {
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (level) => ({ level }), log: scrubErrors },
  };
  const info = pino(options, streams.info);
  const warnings = pino(options, streams.warn);
  const requests = pino(options, streams.requests);
  // The message goes first among the fields, so a line reads "msg" then what it is about.
  return {
    info: (msg: string, fields?: Record<string, unknown>) => info.info({ msg, ...fields }),
    warn: (msg: string, fields?: Record<string, unknown>) => warnings.warn({ msg, ...fields }),
    error: (msg: string, fields?: Record<string, unknown>) => warnings.error({ msg, ...fields }),
    /** One answered request (method, path, status, ms, ip): an info line named "request". */
    request: (fields: Record<string, unknown>) => requests.info({ msg: "request", ...fields }),
  };
}

export const log = createLogger(process.env.NODE_ENV === "test" ? consoleStreams() : standardStreams());
