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

/** Where the lines go: one stream for info, one for warnings and errors. */
export interface LogStreams {
  info: pino.DestinationStream;
  warn: pino.DestinationStream;
}

// Written at once, a system call a line: a line logged just before an exit or a crash is never
// left in a buffer.
const standardStreams = (): LogStreams => ({
  info: pino.destination({ fd: 1, sync: true }),
  warn: pino.destination({ fd: 2, sync: true }),
});

// Under the test runner lines go through the console, which shows them beside the test that wrote
// them and lets a test silence or read them.
const consoleStreams = (): LogStreams => ({
  info: { write: (line) => console.log(line.trimEnd()) },
  warn: { write: (line) => console.error(line.trimEnd()) },
});

export function createLogger(streams: LogStreams) {
  const logger = pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (level) => ({ level }), log: scrubErrors },
    },
    pino.multistream(
      [
        { level: "info", stream: streams.info },
        { level: "warn", stream: streams.warn },
      ],
      { dedupe: true },
    ),
  );
  // The message goes first among the fields, so a line reads "msg" then what it is about.
  return {
    info: (msg: string, fields?: Record<string, unknown>) => logger.info({ msg, ...fields }),
    warn: (msg: string, fields?: Record<string, unknown>) => logger.warn({ msg, ...fields }),
    error: (msg: string, fields?: Record<string, unknown>) => logger.error({ msg, ...fields }),
    /** One answered request (method, path, status, ms, ip): an info line named "request". */
    request: (fields: Record<string, unknown>) => logger.info({ msg: "request", ...fields }),
  };
}

export const log = createLogger(process.env.NODE_ENV === "test" ? consoleStreams() : standardStreams());
