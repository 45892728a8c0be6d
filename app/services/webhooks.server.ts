import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

import { WEBHOOK_TEXTS } from "~/copy/admin";
import type { WebhookMethod } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { codedError } from "~/lib/error-chain";
import { BlockedAddressError, type CheckedAddress, checkedAddress, pinnedLookup } from "~/lib/public-address.server";
import { siteOrigin } from "~/lib/site-url.server";
import { UNKNOWN_IP } from "~/lib/visitor-ip.server";

// The one outbound webhook client: the chat fan-out and the admin panel's Test both call
// sendWebhook, with the payloads built here.

export const CHAT_WEBHOOK_TIMEOUT_MS = 15_000;
/** Answers larger than this are cut: a webhook must not make us buffer megabytes. */
export const MAX_WEBHOOK_RESPONSE_BYTES = 256 * 1024;

export interface WebhookTarget {
  url: string;
  method: WebhookMethod;
  headers?: Record<string, string>;
}

/**
 * What the chat tells a webhook about where the visitor is: the page, the service
 * that page is about, the visit's UTM parameters, the browser's language. Never the address.
 */
export interface ChatMetadata {
  page?: string;
  service?: { id: string; name: string };
  utm?: Partial<Record<"source" | "medium" | "campaign" | "term" | "content", string>>;
  language?: string;
  /** What was said while staff held the conversation, since the assistant last answered (docs/integrations.md). */
  staffConversation?: StaffConversationLine[];
}

/** One message the assistant did not see: the visitor's, a staff member's (with their name), or the site's line. */
export interface StaffConversationLine {
  from: "visitor" | "staff" | "site";
  name?: string;
  text: string;
  at: string;
}

export interface ChatPayload {
  session_id: string;
  message: string;
  media_url: string | null;
  timestamp: string;
  user_info: { platform: "website"; ip: string };
  metadata?: ChatMetadata;
}

export interface TestPayload {
  test: true;
  message: string;
  timestamp: string;
  session_id: string;
  user_info: { platform: "admin_panel"; ip: string };
}

/**
 * The spec's chat payload. `ip` is what the site settings allow the webhooks to learn of the
 * visitor's address (app/lib/visitor-ip.server.ts); the spec's "unknown" by default.
 */
export function chatPayload(input: {
  sessionId: string;
  message: string;
  mediaUrl?: string | null;
  ip?: string;
  now?: Date;
  metadata?: ChatMetadata;
}): ChatPayload {
  return {
    session_id: input.sessionId,
    message: input.message,
    media_url: input.mediaUrl ?? null,
    timestamp: (input.now ?? new Date()).toISOString(),
    user_info: { platform: "website", ip: input.ip ?? UNKNOWN_IP },
    ...(input.metadata ? { metadata: input.metadata } : {}),
  };
}

/** A request body that is not a payload sent as JSON: the multipart form of a message with a file. */
export class WebhookBody {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {}
}

/**
 * What n8n's chat widget sends a Chat Trigger in embedded mode (docs/integrations.md, "Chat"): JSON, or
 * with a file the same fields as multipart form data, the metadata as a JSON string and the file
 * as a part named `files`. The media link is in the metadata too, for a workflow that would
 * rather fetch it than read the binary.
 */
export async function chatTriggerBody(input: {
  sessionId: string;
  message: string;
  metadata: ChatMetadata & { mediaUrl?: string };
  file?: File | null;
}): Promise<WebhookBody> {
  const fields = { action: "sendMessage", sessionId: input.sessionId, chatInput: input.message };
  if (!input.file) {
    return new WebhookBody(Buffer.from(JSON.stringify({ ...fields, metadata: input.metadata })), "application/json");
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("metadata", JSON.stringify(input.metadata));
  form.set("files", input.file, input.file.name);
  // The platform's own multipart encoder, boundary included, rather than one written here.
  const encoded = new Response(form);
  return new WebhookBody(Buffer.from(await encoded.arrayBuffer()), encoded.headers.get("Content-Type")!);
}

export function testPayload(input: { message?: string; now?: Date } = {}): TestPayload {
  const now = input.now ?? new Date();
  return {
    test: true,
    message: input.message ?? WEBHOOK_TEXTS.testMessage,
    timestamp: now.toISOString(),
    session_id: `test_${now.getTime()}`,
    user_info: { platform: "admin_panel", ip: UNKNOWN_IP },
  };
}

export interface WebhookResponse {
  ok: boolean;
  status: number;
  body: string;
}

/** Why a webhook gave no answer, in the terms an owner can act on (app/copy/admin.ts words each). */
export type WebhookFailure = "timeout" | "refused" | "not-found" | "tls" | "blocked" | "invalid-url" | "other";

/** No answer from a webhook: `message` is the technical detail, `failure` the kind of problem. */
export class WebhookError extends Error {
  name = "WebhookError";
  constructor(
    message: string,
    readonly failure: WebhookFailure = "other",
  ) {
    super(message);
  }
}

// Node's codes for each kind of failure: the connection, the name lookup, the TLS handshake.
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"]);
const NAME_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME"]);
const TLS_CODE =
  /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|EPROTO$|HOSTNAME_MISMATCH$)/;

function failureOf(code: string): WebhookFailure {
  if (CONNECTION_CODES.has(code)) return "refused";
  if (NAME_CODES.has(code)) return "not-found";
  return TLS_CODE.test(code) ? "tls" : "other";
}

// node:http rather than fetch: fetch turns every body into a stream and costs about a
// millisecond more per call, on the chat's path (docs/performance.md). Kept-alive
// connections, because a busy chat reaches the same n8n host again and again.
const agents = {
  "http:": new HttpAgent({ keepAlive: true }),
  "https:": new HttpsAgent({ keepAlive: true }),
} as const;

function parseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookError("Invalid URL", "invalid-url");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new WebhookError("URL scheme must be a HTTP(S) scheme", "invalid-url");
  }
  return parsed;
}

const USER_AGENT_PRODUCT = "automation-agency-site/1.0";

/**
 * Every outbound request's User-Agent (chat webhooks, event webhooks, Airtable), so a receiver's
 * logs and firewall can tell this site's calls from others: the product and, with SITE_URL, the
 * site it comes from (docs/product.md, "Outgoing requests").
 */
export function outboundUserAgent(): string {
  const origin = siteOrigin();
  return origin ? `${USER_AGENT_PRODUCT} (+${origin})` : USER_AGENT_PRODUCT;
}

/**
 * Sends `payload` as JSON (or a WebhookBody as it is) with the webhook's method and headers. Resolves with the status and
 * body for any HTTP answer (ok or not; a redirect is not followed and is not ok); rejects with a
 * WebhookError when there is no answer: a refused connection, a bad URL, a private address, or
 * no answer within `timeoutMs`.
 *
 * The host must be public (app/lib/public-address.server.ts) unless ALLOW_PRIVATE_WEBHOOK_URLS,
 * and the connection goes to the address that was checked. Redirects are not followed: a 302 to
 * an internal address is how a webhook would read the server's network.
 */
export async function sendWebhook(
  target: WebhookTarget,
  payload: unknown,
  options: {
    timeoutMs: number;
    origin?: string;
    allowPrivate?: boolean;
    /** n8n's widget asks a streaming Chat Trigger with text/plain. */
    accept?: string;
    /** Each piece of the answer's body as it arrives, up to MAX_WEBHOOK_RESPONSE_BYTES. */
    onChunk?: (chunk: Buffer) => void;
  },
): Promise<WebhookResponse> {
  const body =
    payload instanceof WebhookBody
      ? payload
      : new WebhookBody(Buffer.from(JSON.stringify(payload)), "application/json");
  const headers: Record<string, string> = {
    "Content-Type": body.contentType,
    Accept: options.accept ?? "application/json, text/plain, */*",
    "User-Agent": outboundUserAgent(),
    ...(options.origin ? { Origin: options.origin } : {}),
    ...target.headers,
  };
  const url = parseUrl(target.url);
  // One deadline for the whole exchange: resolving the name, connecting and reading the answer.
  const deadline = { signal: AbortSignal.timeout(options.timeoutMs), timeoutMs: options.timeoutMs };
  const address = await checkHost(url, options.allowPrivate ?? getEnv().ALLOW_PRIVATE_WEBHOOK_URLS, deadline);
  const response = await exchange(url, address, target.method, headers, body.bytes, deadline);
  const status = response.statusCode ?? 0;
  const ok = status >= 200 && status < 300;
  return { ok, status, body: await readLimited(response, deadline, ok ? options.onChunk : undefined) };
}

// How long a save waits for the resolver: a slow DNS must not hold an admin's form.
const SAVE_CHECK_TIMEOUT_MS = 3000;

/**
 * The host of `url` when sendWebhook would refuse every request to it (a private or local address
 * without ALLOW_PRIVATE_WEBHOOK_URLS), so a form can refuse to save a webhook that can never work;
 * null otherwise. A name that does not resolve now is let through: it may by the first message.
 */
export async function refusedWebhookHost(
  url: string,
  options: { allowPrivate?: boolean } = {},
): Promise<string | null> {
  if (options.allowPrivate ?? getEnv().ALLOW_PRIVATE_WEBHOOK_URLS) return null;
  const deadline = { signal: AbortSignal.timeout(SAVE_CHECK_TIMEOUT_MS), timeoutMs: SAVE_CHECK_TIMEOUT_MS };
  try {
    await checkHost(parseUrl(url), false, deadline);
    return null;
  } catch (error) {
    return error instanceof WebhookError && error.failure === "blocked" ? new URL(url).host : null;
  }
}

async function checkHost(url: URL, allowPrivate: boolean, deadline: Deadline): Promise<CheckedAddress> {
  // The resolver cannot be cancelled; the deadline stops the wait for it.
  let stop: (() => void) | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    stop = () => reject(timeoutError(deadline.timeoutMs));
    deadline.signal.addEventListener("abort", stop, { once: true });
  });
  try {
    return await Promise.race([checkedAddress(url.hostname, { allowPrivate }), timedOut]);
  } catch (error) {
    if (error instanceof WebhookError) throw error;
    if (error instanceof BlockedAddressError) throw new WebhookError(error.message, "blocked");
    throw failure(error, deadline);
  } finally {
    if (stop) deadline.signal.removeEventListener("abort", stop);
  }
}

interface Deadline {
  signal: AbortSignal;
  timeoutMs: number;
}

async function exchange(
  url: URL,
  address: CheckedAddress,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
  deadline: Deadline,
): Promise<IncomingMessage> {
  try {
    return await new Promise<IncomingMessage>((resolve, reject) => {
      const send = url.protocol === "https:" ? httpsRequest : httpRequest;
      const request = send(url, {
        method,
        headers: { ...headers, "Content-Length": String(body.byteLength) },
        agent: agents[url.protocol as keyof typeof agents],
        // Pinned: the name is not resolved again between the check and the connection.
        lookup: pinnedLookup(address),
        signal: deadline.signal,
      });
      request.once("response", resolve);
      request.once("error", reject);
      request.end(body);
    });
  } catch (error) {
    // Also what request() throws itself, for a header it cannot send.
    throw failure(error, deadline);
  }
}

function failure(error: unknown, deadline: Deadline): WebhookError {
  if (deadline.signal.aborted) return timeoutError(deadline.timeoutMs);
  // Node says why with a code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED...).
  const coded = codedError(error);
  return coded
    ? new WebhookError(`${coded.code}: ${coded.message ?? "request failed"}`, failureOf(coded.code))
    : new WebhookError((error as Error).message);
}

function timeoutError(timeoutMs: number): WebhookError {
  const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} seconds` : `${timeoutMs} ms`;
  return new WebhookError(`No answer within ${limit}`, "timeout");
}

function readLimited(
  response: IncomingMessage,
  deadline: Deadline,
  onChunk: ((chunk: Buffer) => void) | undefined,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_WEBHOOK_RESPONSE_BYTES)));
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(failure(error, deadline));
    };
    response.on("data", (chunk: Buffer) => {
      const kept = chunk.subarray(0, MAX_WEBHOOK_RESPONSE_BYTES - size);
      chunks.push(kept);
      size += chunk.byteLength;
      onChunk?.(kept);
      if (size >= MAX_WEBHOOK_RESPONSE_BYTES) {
        finish();
        response.destroy();
      }
    });
    response.once("end", finish);
    response.once("error", fail);
    // A connection closed before the answer's end, or destroyed by the deadline.
    response.once("close", () => fail(new Error("terminated")));
  });
}
