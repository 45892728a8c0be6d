import { REQUEST_BODY_TEXT } from "~/copy/request-body";

/**
 * Reads a multipart or url-encoded form, refusing it once it is larger than `maxBytes`:
 * request.formData() alone would buffer whatever a client sends.
 */
export async function readFormWithLimit(
  request: Request,
  maxBytes: number,
): Promise<FormData | "too-large" | "malformed"> {
  const declared = request.headers.get("content-length");
  if (Number(declared ?? 0) > maxBytes) return "too-large";
  // With a Content-Length, HTTP's framing delivers no more than it says: only a chunked body is counted.
  if (declared !== null) return request.formData().catch(() => "malformed" as const);
  let received = 0;
  const body = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new Error("request body too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      duplex: "half",
    } as RequestInit).formData();
  } catch {
    return received > maxBytes ? "too-large" : "malformed";
  }
}

/**
 * The posted form of an action. Its size is limited before the action runs (server/app.ts); a body
 * that is no form (a cut multipart, a wrong boundary) is the client's mistake, answered 400 with
 * the error page rather than 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(REQUEST_BODY_TEXT.malformed, { status: 400, headers: { "Content-Type": "text/plain" } });
  }
}
