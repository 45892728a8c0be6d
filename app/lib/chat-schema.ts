import { z } from "zod";

import { CHAT_ERROR } from "~/copy/chat";

import { type ChatLimits, UTM_FIELDS } from "./chat";

const cut = (value: string | undefined) => value?.slice(0, 200);

/**
 * The chat form, for the widget's multipart posts and the /chat page. Neither sends a session id:
 * the conversation is the visitor's cookie's (app/services/chat/session-cookie.server.ts).
 */
export function chatMessageSchema(limits: ChatLimits) {
  return z
    .object({
      message: z.string().trim().max(limits.maxMessageChars, CHAT_ERROR.tooLong(limits.maxMessageChars)).optional(),
      image: z.file().max(limits.maxImageBytes, CHAT_ERROR.imageTooLarge(limits.maxImageBytes)).optional(),
      voice: z.file().max(limits.maxVoiceBytes, CHAT_ERROR.voiceTooLarge(limits.maxVoiceBytes)).optional(),
      // Sent by the widget for the webhooks' metadata; cut rather than refused, since
      // the visitor never typed them.
      page: z
        .string()
        .trim()
        .optional()
        .transform((value) => value?.slice(0, 2000)),
      utm: z
        .object(Object.fromEntries(UTM_FIELDS.map((key) => [key, z.string().trim().optional().transform(cut)])))
        .optional(),
    })
    .superRefine((value, ctx) => {
      if (value.image && value.voice) ctx.addIssue({ code: "custom", message: CHAT_ERROR.oneFile });
      else if (!value.message && !value.image && !value.voice) {
        ctx.addIssue({ code: "custom", path: ["message"], message: CHAT_ERROR.empty });
      }
    });
}
