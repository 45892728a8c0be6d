import type { WebhookMethod } from "~/lib/domain";
import { codedError } from "~/lib/error-chain";

// The one outbound webhook client: the chat fan-out and the admin panel's Test both call
// sendWebhook, with the payloads built here.

export const CHAT_WEBHOOK_TIMEOUT_MS = 15_000;
export const WEBHOOK_TEST_TIMEOUT_MS = 30_000;
/** Answers larger than this are cut: a webhook must not make us buffer megabytes. */
export const MAX_WEBHOOK_RESPONSE_BYTES = 256 * 1024;

export interface WebhookTarget {
  url: string;
  method: WebhookMethod;
  headers?: Record<string, string>;
}

export interface ChatPayload {
  session_id: string;
  message: string;
  media_url: string | null;
  timestamp: string;
  user_info: { platform: "website"; ip: string };
}

export interface TestPayload {
  test: true;
  message: string;
  timestamp: string;
  session_id: string;
  user_info: { platform: "admin_panel"; ip: string };
}

/** The spec's chat payload. The visitor's address is not shared with the webhook ("unknown"). */
export function chatPayload(input: {
  sessionId: string;
  message: string;
  mediaUrl?: string | null;
  now?: Date;
}): ChatPayload {
  return {
    session_id: input.sessionId,
    message: input.message,
    media_url: input.mediaUrl ?? null,
    timestamp: (input.now ?? new Date()).toISOString(),
    user_info: { platform: "website", ip: "unknown" },
  };
}

export function testPayload(input: { message?: string; now?: Date } = {}): TestPayload {
  const now = input.now ?? new Date();
  return {
    test: true,
    message: input.message ?? "This is a test message from the admin panel",
    timestamp: now.toISOString(),
    session_id: `test_${now.getTime()}`,
    user_info: { platform: "admin_panel", ip: "unknown" },
  };
}

export interface WebhookResponse {
  ok: boolean;
  status: number;
  body: string;
}

export class WebhookError extends Error {
  name = "WebhookError";
}

/**
 * Sends `payload` as JSON with the webhook's method and headers. Resolves with the status and
 * body for any HTTP answer (ok or not); rejects with a WebhookError when there is no answer:
 * a refused connection, a bad URL, or no answer within `timeoutMs`.
 */
export async function sendWebhook(
  target: WebhookTarget,
  payload: unknown,
  options: { timeoutMs: number; origin?: string },
): Promise<WebhookResponse> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/plain, */*",
    ...(options.origin ? { Origin: options.origin } : {}),
    ...target.headers,
  };
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: target.method,
      headers,
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: "follow",
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw timeoutError(options.timeoutMs);
    }
    // fetch says only "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, bad port...).
    const coded = codedError(error);
    const cause = (error as { cause?: { message?: string } }).cause;
    throw new WebhookError(
      coded ? `${coded.code}: ${coded.message ?? "request failed"}` : (cause?.message ?? (error as Error).message),
    );
  }
  try {
    return { ok: response.ok, status: response.status, body: await readLimited(response) };
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") throw timeoutError(options.timeoutMs);
    throw new WebhookError((error as Error).message);
  }
}

function timeoutError(timeoutMs: number): WebhookError {
  const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} seconds` : `${timeoutMs} ms`;
  return new WebhookError(`No answer within ${limit}`);
}

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= MAX_WEBHOOK_RESPONSE_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_WEBHOOK_RESPONSE_BYTES));
}
