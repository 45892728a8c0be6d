import { HANDOFF_TEXT } from "~/copy/handoff";
import type { SiteSettings } from "~/db/schema";
import type { HandoffView } from "~/lib/chat";
import { handoffView, requestHandoff } from "~/models/chat-handoff.server";

import { conversationWritten } from "./conversation-writes.server";

// Handing a conversation to staff (docs/product.md §12.1): the visitor's "Talk to a person" and a
// webhook's `"handoff": true` alike. The staff side is app/routes/admin/chats.tsx.

const ASSISTANT: HandoffView = { status: "assistant" };

/** Who answers the visitor's conversation; the assistant when they have none. */
export function visitorHandoffView(sessionId: string | null): Promise<HandoffView> {
  return sessionId ? handoffView(sessionId) : Promise.resolve(ASSISTANT);
}

/**
 * Hands the conversation to staff, after what this instance still has to store of it (so the
 * transcript's line comes after the reply that handed over). Nothing changes when staff hold it already.
 */
export async function handOver(
  sessionId: string,
  by: "visitor" | "assistant",
  settings: Pick<SiteSettings, "chatHandBackMinutes">,
): Promise<HandoffView> {
  await conversationWritten(sessionId);
  const line = by === "visitor" ? HANDOFF_TEXT.visitorAsked : HANDOFF_TEXT.assistantPassed;
  await requestHandoff(sessionId, by, line, settings.chatHandBackMinutes);
  return handoffView(sessionId);
}
