import type { ChatReplyEvent } from "~/lib/chat";
import { clientIp } from "~/lib/request-context.server";
import { siteOrigin } from "~/lib/site-url.server";
import { handleChatMessage, visitorConversation, visitorHistory } from "~/services/chat/conversation.server";
import { visitorHandoffView } from "~/services/chat/handoff.server";
import { acceptChatMessage } from "~/services/chat/intake.server";
import { renewChatSession } from "~/services/chat/session-cookie.server";

import type { Route } from "./+types/chat-messages";

// The widget's side of the conversation. GET: the conversation so far, for a visitor
// who comes back, and who answers it (HandoffView). POST: a message; the answer streams as NDJSON (ChatReplyEvent, one per line),
// so that a reply a webhook streams grows in the bubble as it arrives. The /chat page does the
// same without JavaScript, waiting for the whole reply (chat.tsx).

const PRIVATE = { "Cache-Control": "no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const { sessionId, messages } = await visitorHistory(request);
  return Response.json({ messages, handoff: await visitorHandoffView(sessionId) }, { headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const address = clientIp(context);
  const read = await acceptChatMessage(request, address);
  if ("refused" in read) {
    const { result, status, headers } = read.refused;
    return Response.json({ result }, { status, headers: { ...PRIVATE, ...headers } });
  }
  const { sessionId, lifetimeHours, settings } = await visitorConversation(request);
  const { message, media, metadata } = read.accepted;

  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: ChatReplyEvent) => {
        // A visitor who left stops reading; the exchange is still stored in full.
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          // The stream was cancelled.
        }
      };
      try {
        const { user, bot, handoff } = await handleChatMessage({
          sessionId,
          message,
          media,
          metadata,
          origin: siteOrigin(),
          visitorIp: address,
          settings,
          onDelta: (text) => send({ type: "delta", text }),
        });
        send({ type: "done", user, ...(bot ? { bot } : {}), ...(handoff ? { handoff } : {}) });
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      // no-transform: compression would hold the text back until it had a block's worth.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      "Set-Cookie": await renewChatSession(sessionId, lifetimeHours),
    },
  });
}
