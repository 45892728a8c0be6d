// Drivers and fetch wrap the error that says why: drizzle's "Failed query" around the Postgres
// error, undici's "fetch failed" around ECONNREFUSED. The code is read along the `cause` chain.

export interface CodedError {
  code: string;
  message?: string;
}

/** The outermost error along the cause chain that carries a string `code`: a SQLSTATE, a driver's or Node's code. */
export function codedError(error: unknown): CodedError | undefined {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if (typeof (e as { code?: unknown }).code === "string") return e as CodedError;
  }
  return undefined;
}

export function errorCode(error: unknown): string | undefined {
  return codedError(error)?.code;
}
