// Structured logs: one JSON object a line on stdout/stderr, which Fly.io and most log
// collectors parse without configuration.
type Level = "info" | "warn" | "error";

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

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }, (_key, value: unknown) =>
    value instanceof Error ? describeError(value) : value,
  );
  writeRequestLines();
  if (level === "info") console.log(line);
  else console.error(line);
}

// The request log: stdout to a file or a pipe is written synchronously, a system call a line, which
// cost a cached page as much as the rest of its answer under load. The lines of the requests
// answered in one turn of the event loop go out together at its end, in one write, and before any
// other line, so the order holds; at exit nothing is left unwritten.
let requestLines: string[] = [];
let timeMs = 0;
let timeText = "";

function writeRequestLines(): void {
  if (requestLines.length === 0) return;
  const chunk = requestLines.join("\n") + "\n";
  requestLines = [];
  process.stdout.write(chunk);
}

process.once("exit", writeRequestLines);

function logRequest(fields: Record<string, unknown>): void {
  const now = Date.now();
  // Many requests share a millisecond: its text is made once.
  if (now !== timeMs) {
    timeMs = now;
    timeText = new Date(now).toISOString();
  }
  if (requestLines.length === 0) setImmediate(writeRequestLines);
  requestLines.push(JSON.stringify({ time: timeText, level: "info", msg: "request", ...fields }));
}

export const log = {
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
  /** One answered request (method, path, status, ms, ip): an info line named "request". */
  request: logRequest,
};
