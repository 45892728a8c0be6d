import { z } from "zod";
import { CHAT_ERROR } from "~/copy/chat";
import { CHAT_SESSION_ID_PATTERN, type ChatLimits } from "./chat";

/**
 * The chat form, for the widget's multipart posts and the /chat page. `sessionId` is only sent
 * by the widget (one per widget load); the page keeps its session in a cookie.
 */
export function chatMessageSchema(limits: ChatLimits) {
  return z
    .object({
      sessionId: z.string().regex(CHAT_SESSION_ID_PATTERN, CHAT_ERROR.badSession).optional(),
      message: z.string().trim().max(limits.maxMessageChars, CHAT_ERROR.tooLong(limits.maxMessageChars)).optional(),
      image: z.file().max(limits.maxImageBytes, CHAT_ERROR.imageTooLarge(limits.maxImageBytes)).optional(),
      voice: z.file().max(limits.maxVoiceBytes, CHAT_ERROR.voiceTooLarge(limits.maxVoiceBytes)).optional(),
    })
    .superRefine((value, ctx) => {
      if (value.image && value.voice) ctx.addIssue({ code: "custom", message: CHAT_ERROR.oneFile });
      else if (!value.message && !value.image && !value.voice) {
        ctx.addIssue({ code: "custom", path: ["message"], message: CHAT_ERROR.empty });
      }
    });
}
