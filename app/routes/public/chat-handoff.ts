import { redirect } from "react-router";

import { CHAT_ERROR } from "~/copy/chat";
import { clientIp } from "~/lib/request-context.server";
import { visitorConversation } from "~/services/chat/conversation.server";
import { handOver } from "~/services/chat/handoff.server";
import { countChatMessage } from "~/services/chat/limits.server";
import { renewChatSession } from "~/services/chat/session-cookie.server";

import type { Route } from "./+types/chat-handoff";

// "Talk to a person" (docs/product.md §12.1): the visitor's conversation, from the cookie alone,
// goes to staff. The widget's fetch (Accept: application/json) gets `{ handoff }`; the /chat page's
// form, a 303 back to the conversation. Nothing in the body is read.

const PRIVATE = { "Cache-Control": "no-store" };

const wantsJson = (request: Request) => request.headers.get("Accept")?.includes("application/json") ?? false;

export async function action({ request, context }: Route.ActionArgs) {
  // Counted as a message: each new conversation's handover writes a line and tells the team.
  const rate = await countChatMessage(clientIp(context));
  if (!rate.allowed) {
    const headers = { ...PRIVATE, "Retry-After": String(rate.retryAfterSeconds) };
    if (wantsJson(request)) return Response.json({ error: CHAT_ERROR.tooFast }, { status: 429, headers });
    return new Response(CHAT_ERROR.tooFast, { status: 429, headers });
  }
  const { sessionId, lifetimeHours, settings } = await visitorConversation(request);
  const handoff = await handOver(sessionId, "visitor", settings);
  const headers = { ...PRIVATE, "Set-Cookie": await renewChatSession(sessionId, lifetimeHours) };
  if (wantsJson(request)) return Response.json({ handoff }, { headers });
  return redirect("/chat#chat-form", { status: 303, headers });
}
