import { createHmac, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import { CHAT_SESSION_ID_PATTERN, newChatSessionId } from "~/lib/chat";
import { signedCookieOptions } from "~/lib/cookie-options.server";

// The visitor's conversation, the widget's and the /chat page's alike, lives in a signed HttpOnly
// cookie: nobody can read another visitor's conversation by choosing its id, and a script on the
// page cannot read it either. The conversation lasts while the visitor keeps talking: each message
// renews it for the lifetime the site settings give; after that silence a new one begins.
//
// Signed here with node:crypto, in the format of React Router's createCookie (the base64 of the
// JSON, a dot, the unpadded base64 of its HMAC-SHA256), which the site's other cookies use: its
// WebCrypto signing, a key import and a trip to the thread pool for each message's read and
// renewal, took about half a millisecond of every chat message (docs/performance.md).

const NAME = "chat_session";

/** The cookie's value: the session id and when the visitor last wrote (ms since the epoch). */
interface ChatSessionCookie {
  id: string;
  at: number;
}

function signature(value: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(value).digest();
}

function sign(value: string, secret: string): string {
  return `${value}.${signature(value, secret).toString("base64").replace(/=+$/, "")}`;
}

/** The value, if one of the secrets signed it (the first signs; the others are a rotation's). */
function unsign(signed: string, secrets: string[]): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  for (const secret of secrets) {
    const expected = signature(value, secret);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return value;
  }
  return null;
}

function isChatSessionCookie(value: unknown): value is ChatSessionCookie {
  if (!value || typeof value !== "object") return false;
  const { id, at } = value as Partial<ChatSessionCookie>;
  return typeof id === "string" && CHAT_SESSION_ID_PATTERN.test(id) && typeof at === "number" && Number.isFinite(at);
}

function decode(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return null;
  }
}

/** The visitor's conversation, if they have one that has not lapsed. */
export function readChatSession(request: Request, lifetimeHours: number, now = Date.now()): string | null {
  const cookie = parse(request.headers.get("Cookie") ?? "")[NAME];
  const value = cookie ? unsign(cookie, signedCookieOptions().secrets) : null;
  const session = value === null ? null : decode(value);
  if (!isChatSessionCookie(session)) return null;
  return now - session.at < lifetimeHours * 3_600_000 ? session.id : null;
}

/** The visitor's conversation, or a new one. */
export function chatSessionFor(request: Request, lifetimeHours: number): string {
  return readChatSession(request, lifetimeHours) ?? newChatSessionId();
}

function setCookie(value: string, maxAge: number): string {
  const { secrets: _secrets, ...options } = signedCookieOptions();
  return serialize(NAME, value, { ...options, maxAge });
}

/** Set-Cookie for a message just written: the conversation lasts another `lifetimeHours`. */
export function renewChatSession(sessionId: string, lifetimeHours: number, now = Date.now()): string {
  const value = Buffer.from(JSON.stringify({ id: sessionId, at: now } satisfies ChatSessionCookie)).toString("base64");
  return setCookie(sign(value, signedCookieOptions().secrets[0]), Math.round(lifetimeHours * 3600));
}

/** Set-Cookie for "New conversation": the next message starts a new session. */
export function endChatSession(): string {
  return setCookie("", 0);
}
