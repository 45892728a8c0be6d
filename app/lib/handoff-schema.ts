import { z } from "zod";

import { DISPLAY_NAME_TEXT, HANDOFF_ADMIN_TEXT, HANDOFF_SETTINGS_TEXT } from "~/copy/handoff";

import type { LiveChatHours } from "./domain";
import { HAND_BACK_MINUTES } from "./handoff";

// The live chat's forms (docs/product.md §12.1): a staff reply, Settings → Chat's live-chat part
// and the display name. Apart from ~/lib/handoff so that the widget's code loads no zod.

/** Admin → Chats' reply: at most the chat's message limit (CHAT_MAX_MESSAGE_CHARS), like a visitor's message. */
export function staffReplySchema(maxChars: number) {
  return z.object({
    sessionId: z.string().min(1).max(200),
    message: z
      .string({ error: HANDOFF_ADMIN_TEXT.replyEmpty })
      .trim()
      .min(1, HANDOFF_ADMIN_TEXT.replyEmpty)
      .max(maxChars, HANDOFF_ADMIN_TEXT.replyTooLong(maxChars)),
  });
}

export const DISPLAY_NAME_MAX_CHARS = 60;

/** Empty clears it: the username is shown instead. */
export const displayNameField = () =>
  z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX_CHARS, DISPLAY_NAME_TEXT.tooLong(DISPLAY_NAME_MAX_CHARS))
    .optional()
    .transform((value) => value || null);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().trim().regex(TIME, HANDOFF_SETTINGS_TEXT.timeInvalid).optional();

const liveChatDay = z
  .object({ opens: time, closes: time })
  .optional()
  .superRefine((day, ctx) => {
    if (!day || (!day.opens && !day.closes)) return;
    if (!day.opens || !day.closes) {
      ctx.addIssue({
        code: "custom",
        path: [day.opens ? "closes" : "opens"],
        message: HANDOFF_SETTINGS_TEXT.bothTimes,
      });
    } else if (day.closes <= day.opens) {
      ctx.addIssue({ code: "custom", path: ["closes"], message: HANDOFF_SETTINGS_TEXT.closesAfterOpens });
    }
  });

/** The stored hours: null when no day has hours (no set hours: any time). */
function toLiveChatHours(days: z.output<typeof liveChatDay>[] | undefined): LiveChatHours | null {
  const hours = Array.from({ length: 7 }, (_, index) => {
    const day = days?.[index];
    return day?.opens && day.closes ? { opens: day.opens, closes: day.closes } : null;
  });
  return hours.some(Boolean) ? hours : null;
}

/**
 * Settings → Chat's live-chat fields. `liveChat` is a hidden field of that part: posted with it,
 * empty hours and an unticked box save as such; posted without it (another form), they stay.
 */
export const liveChatSettingsFields = {
  liveChat: z.literal("1").optional(),
  chatLiveHours: z
    .array(liveChatDay)
    .max(7)
    .optional()
    .transform((days) => toLiveChatHours(days)),
  chatPresenceRequired: z.boolean().optional(),
  chatHandBackMinutes: z
    .number({ error: HANDOFF_SETTINGS_TEXT.handBackRange(HAND_BACK_MINUTES.min, HAND_BACK_MINUTES.max) })
    .int(HANDOFF_SETTINGS_TEXT.handBackRange(HAND_BACK_MINUTES.min, HAND_BACK_MINUTES.max))
    .min(HAND_BACK_MINUTES.min, HANDOFF_SETTINGS_TEXT.handBackRange(HAND_BACK_MINUTES.min, HAND_BACK_MINUTES.max))
    .max(HAND_BACK_MINUTES.max, HANDOFF_SETTINGS_TEXT.handBackRange(HAND_BACK_MINUTES.min, HAND_BACK_MINUTES.max))
    .optional(),
};

/** What the live-chat fields save: nothing of theirs when the form had no live-chat part. */
export function liveChatSettingsValues(value: {
  liveChat?: "1";
  chatLiveHours: LiveChatHours | null;
  chatPresenceRequired?: boolean;
  chatHandBackMinutes?: number;
}) {
  const { liveChat, chatLiveHours, chatPresenceRequired, chatHandBackMinutes } = value;
  if (!liveChat) return {};
  return {
    chatLiveHours,
    chatPresenceRequired: chatPresenceRequired ?? false,
    ...(chatHandBackMinutes === undefined ? {} : { chatHandBackMinutes }),
  };
}
