import { streamCursor } from "~/lib/live-stream";
import { clientIp } from "~/lib/request-context.server";
import { chatSettings, conversationLifetimeHours } from "~/services/chat/conversation.server";
import { visitorStream } from "~/services/chat/live.server";
import { readChatSession } from "~/services/chat/session-cookie.server";

import type { Route } from "./+types/chat-stream";

// The widget's live side (docs/product.md §12.2): Server-Sent Events on the visitor's own
// conversation, which the signed cookie alone names. No conversation, nothing to follow: 204,
// which EventSource takes as the end (the widget opens a stream once there is one).
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = await readChatSession(request, conversationLifetimeHours(await chatSettings()));
  if (!sessionId) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  const url = new URL(request.url);
  return visitorStream({
    sessionId,
    cursor: streamCursor(request.headers.get("Last-Event-ID"), url.searchParams.get("after")),
    address: clientIp(context),
    signal: request.signal,
  });
}
