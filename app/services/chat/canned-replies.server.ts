import { CANNED_REPLY } from "~/copy/chat";
import type { ChatMediaType } from "~/lib/domain";

/** docs/product.md §8's keyword replies, checked in its order, when no webhook answered. */
export function cannedReply(message: string, mediaType: ChatMediaType | null, workflowToolName: string): string {
  const text = message.toLowerCase();
  const tool = workflowToolName.trim();
  if (text.includes("price") || text.includes("cost")) return CANNED_REPLY.price(tool);
  if (text.includes("automation") || (tool && text.includes(tool.toLowerCase()))) return CANNED_REPLY.automation(tool);
  if (text.includes("webhook") || text.includes("integration")) return CANNED_REPLY.integration(tool);
  if (mediaType === "voice") return CANNED_REPLY.voice();
  if (mediaType === "image") return CANNED_REPLY.image(tool);
  return CANNED_REPLY.greeting(tool);
}
