import { createCookie } from "react-router";
import { CHAT_SESSION_ID_PATTERN } from "~/lib/chat";
import { signedCookieOptions } from "~/lib/cookie-options.server";

// The /chat page (no JavaScript) keeps its conversation in a signed cookie, so nobody can read
// another visitor's conversation by choosing its id.

let pageCookie: ReturnType<typeof createCookie> | undefined;
function chatPageCookie() {
  pageCookie ??= createCookie("chat_session", { ...signedCookieOptions(), maxAge: 30 * 24 * 60 * 60 });
  return pageCookie;
}

export async function readChatPageSession(request: Request): Promise<string | null> {
  const value: unknown = await chatPageCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && CHAT_SESSION_ID_PATTERN.test(value) ? value : null;
}

export function serializeChatPageSession(sessionId: string): Promise<string> {
  return chatPageCookie().serialize(sessionId);
}
