import { CHAT_TEXT } from "~/copy/chat";

/**
 * The reply text of a webhook's answer: `response`, else `message`, else `output` (what n8n's AI
 * agent and Chat Trigger answer with, also inside a one-element array), else docs/product.md §8's
 * default.
 */
export function replyText(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return CHAT_TEXT.defaultReply;
  }
  const answer = Array.isArray(parsed) ? parsed[0] : parsed;
  if (answer && typeof answer === "object") {
    for (const field of ["response", "message", "output"]) {
      const value = (answer as Record<string, unknown>)[field];
      if (typeof value === "string" && value.trim()) return value;
    }
  }
  return CHAT_TEXT.defaultReply;
}
