import { createCookie } from "react-router";

import { CHAT_SESSION_ID_PATTERN, newChatSessionId } from "~/lib/chat";
import { signedCookieOptions } from "~/lib/cookie-options.server";

// The visitor's conversation, the widget's and the /chat page's alike, lives in a signed HttpOnly
// cookie: nobody can read another visitor's conversation by choosing its id, and a script on the
// page cannot read it either. The conversation lasts while the visitor keeps talking: each message
// renews it for the lifetime the site settings give; after that silence a new one begins.

const NAME = "chat_session";

/** The cookie's value: the session id and when the visitor last wrote (ms since the epoch). */
interface ChatSessionCookie {
  id: string;
  at: number;
}

const chatSessionCookie = () => createCookie(NAME, signedCookieOptions());

function isChatSessionCookie(value: unknown): value is ChatSessionCookie {
  if (!value || typeof value !== "object") return false;
  const { id, at } = value as Partial<ChatSessionCookie>;
  return typeof id === "string" && CHAT_SESSION_ID_PATTERN.test(id) && typeof at === "number" && Number.isFinite(at);
}

/** The visitor's conversation, if they have one that has not lapsed. */
export async function readChatSession(
  request: Request,
  lifetimeHours: number,
  now = Date.now(),
): Promise<string | null> {
  const session: unknown = await chatSessionCookie().parse(request.headers.get("Cookie"));
  if (!isChatSessionCookie(session)) return null;
  return now - session.at < lifetimeHours * 3_600_000 ? session.id : null;
}

/** The visitor's conversation, or a new one. */
export async function chatSessionFor(request: Request, lifetimeHours: number): Promise<string> {
  return (await readChatSession(request, lifetimeHours)) ?? newChatSessionId();
}

/** Set-Cookie for a message just written: the conversation lasts another `lifetimeHours`. */
export function renewChatSession(sessionId: string, lifetimeHours: number, now = Date.now()): Promise<string> {
  return chatSessionCookie().serialize({ id: sessionId, at: now } satisfies ChatSessionCookie, {
    maxAge: Math.round(lifetimeHours * 3600),
  });
}

/** Set-Cookie for "New conversation": the next message starts a new session. */
export function endChatSession(): Promise<string> {
  return chatSessionCookie().serialize("", { maxAge: 0 });
}
