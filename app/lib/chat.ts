import { z } from "zod";
import type { ChatMediaType } from "~/lib/domain";

// The chat's fixed texts (docs/product.md §2, §4, §5 and §8), its session ids and its form schema,
// shared by the widget, the /chat page, the server and the tests.

export const CHAT_TEXT = {
  trigger: "Open AI Chat",
  title: "AI Assistant",
  online: "Online",
  placeholder: "Type your message...",
  send: "Send",
  voice: "Voice",
  stop: "Stop",
  photo: "Photo",
  whatsapp: "WhatsApp",
  continueOnWhatsapp: "Continue on WhatsApp",
  close: "Close chat",
  typing: "AI Assistant is typing",
  messages: "Chat messages",
  voiceDefault: "🎤 Voice message",
  imageDefault: "📷 Image sent",
  technicalDifficulties:
    "I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to contact us directly via WhatsApp for immediate assistance.",
  defaultReply: "Thank you for your message! Our AI is processing your request.",
} as const;

/** Beyond the spec: what visitors see when the server refuses a message. */
export const CHAT_ERROR = {
  empty: "Type a message or attach a photo.",
  oneFile: "Send one file at a time.",
  badSession: "This chat session is invalid. Reload the page and try again.",
  notImage: "Only PNG, JPEG, GIF or WebP images can be sent.",
  notWav: "Voice messages must be WAV audio.",
  tooFast: "You are sending messages too quickly. Please wait a minute and try again.",
  microphoneDenied: "Microphone access was refused. Allow it in your browser to send voice messages.",
  microphoneUnavailable: "Voice messages are not available in this browser.",
  recordingFailed: "The recording could not be processed. Please try again.",
  stillSending: "Your voice message was not sent while another message was on its way. Please record it again.",
  malformed: "The message could not be read. Please try again.",
  tooLong: (maxChars: number) => `Messages can be up to ${maxChars} characters.`,
  imageTooLarge: (maxBytes: number) => `Images can be up to ${formatMegabytes(maxBytes)}.`,
  voiceTooLarge: (maxBytes: number) => `Voice messages can be up to ${formatMegabytes(maxBytes)}.`,
  requestTooLarge: (maxBytes: number) => `Files can be up to ${formatMegabytes(maxBytes)}.`,
} as const;

export function chatExpertLabel(workflowToolName: string): string {
  return `${workflowToolName} Expert`;
}

export function welcomeMessage(workflowToolName: string): string {
  return `Hi! I'm your ${workflowToolName} automation assistant. How can I help you automate your business today? You can also send voice messages or images!`;
}

/** The spec: empty text with media gets a default text naming the media. */
export function defaultMediaText(mediaType: ChatMediaType): string {
  return mediaType === "voice" ? CHAT_TEXT.voiceDefault : CHAT_TEXT.imageDefault;
}

export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

// The spec's session id: "a prefix plus the time plus a random string".
export const CHAT_SESSION_ID_PATTERN = /^session_\d{1,16}_[a-z0-9]{6,32}$/;

export function newChatSessionId(now = Date.now(), random: () => number = Math.random): string {
  let suffix = "";
  while (suffix.length < 9) suffix += Math.floor(random() * 36).toString(36);
  return `session_${now}_${suffix}`;
}

/** The server's default text limit (CHAT_MAX_MESSAGE_CHARS), for a widget drawn without its loader. */
export const DEFAULT_CHAT_MAX_MESSAGE_CHARS = 2000;

export interface ChatLimits {
  maxMessageChars: number;
  maxImageBytes: number;
  maxVoiceBytes: number;
}

/** One message as the browser sees it: never which webhook answered, nor its address. */
export interface ChatMessageView {
  id: string;
  message: string;
  isUserMessage: boolean;
  mediaUrl: string | null;
  mediaType: ChatMediaType | null;
}

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
