// The chat's texts (docs/product.md §2, §4, §5 and §8), written once: the widget, the /chat page,
// the server's replies and the tests all read them from here.

// The default texts of a file sent alone (docs/product.md §5), without their emoji: the screens
// draw the symbol as an icon (chat-message.tsx), since a device without an emoji font shows a box.
const VOICE_MESSAGE = "Voice message";
const IMAGE_SENT = "Image sent";

export const CHAT_TEXT = {
  region: "AI chat",
  trigger: "Open AI Chat",
  title: "AI Assistant",
  online: "Online",
  placeholder: "Type your message...",
  messageLabel: "Message",
  send: "Send",
  voice: "Voice",
  stop: "Stop",
  photo: "Photo",
  /** A chosen photo waits beside the input until Send, as in n8n's own chat widget. */
  attachedPhoto: "Photo to send",
  removePhoto: "Remove photo",
  captionPlaceholder: "Add a caption...",
  whatsapp: "WhatsApp",
  continueOnWhatsapp: "Continue on WhatsApp",
  close: "Close chat",
  newConversation: "New conversation",
  typing: "AI Assistant is typing",
  messages: "Chat messages",
  fromVisitor: "You:",
  sentImage: "Image you sent",
  sentVoice: "Voice message you sent",
  notSent: "Not sent:",
  voiceMessage: VOICE_MESSAGE,
  imageSent: IMAGE_SENT,
  voiceDefault: `🎤 ${VOICE_MESSAGE}`,
  imageDefault: `📷 ${IMAGE_SENT}`,
  technicalDifficulties:
    "I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to contact us directly via WhatsApp for immediate assistance.",
  defaultReply: "Thank you for your message! Our AI is processing your request.",
} as const;

/** The admin's starter prompts, shown before the visitor's first message. */
export const CHAT_STARTERS = {
  label: "Suggested questions",
} as const;

/**
 * The offer after a reply no webhook gave (the canned reply), and what the admin's
 * Messages screen shows of the address left.
 */
export const CHAT_OFFLINE = {
  heading: "Prefer a reply from our team?",
  /** The title of /chat/email, the form alone. */
  pageTitle: "Leave your email",
  intro: "Leave your email address and we will answer you about this conversation.",
  fields: {
    email: { label: "Your email", placeholder: "you@company.com" },
    note: { label: "Anything to add? (optional)", placeholder: "The best time to reach you, or more details" },
  },
  noteTooLong: (max: number) => `Please keep your note under ${max} characters.`,
  submit: "Send my email",
  backToChat: "Back to the chat",
  sending: "Sending...",
  sent: "Thanks! We have your email address and will get back to you within 24 hours.",
  success: { message: "Email sent!", description: "We'll get back to you within 24 hours." },
  failure: { message: "Error", description: "Failed to send your email address. Please try again." },
  /** The contact message's sender name: the chat asks for no name. */
  senderName: "Chat visitor",
  /** The contact message's text: where it came from, the visitor's note and the conversation's start. */
  message: ({ note, firstMessage }: { note?: string; firstMessage: string | null }) =>
    [
      "Left in the chat after a reply no webhook gave.",
      note ? `Note: ${note}` : null,
      firstMessage ? `First message: ${firstMessage}` : null,
    ]
      .filter(Boolean)
      .join("\n\n"),
} as const;

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** Beyond the spec: what visitors see when the server refuses a message. */
export const CHAT_ERROR = {
  empty: "Type a message or attach a photo.",
  oneFile: "Send one file at a time.",
  notImage: "Only PNG, JPEG, GIF or WebP images can be sent.",
  notWav: "Voice messages must be WAV audio.",
  tooFast: "You are sending messages too quickly. Please wait a minute and try again.",
  microphoneDenied: "Microphone access was refused. Allow it in your browser to send voice messages.",
  microphoneUnavailable: "Voice messages are not available in this browser.",
  recordingFailed: "The recording could not be processed. Please try again.",
  stillSending: "Your voice message was not sent while another message was on its way. Please record it again.",
  malformed: "The message could not be read. Please try again.",
  uploadQuota:
    "You have sent as many files as we can take from you today. Please try again tomorrow, or describe it in words.",
  uploadsFull: "We cannot take files right now. Please describe it in words, or try again later.",
  notStored: "The file could not be stored. Please try again, or describe it in words.",
  tooLong: (maxChars: number) => `Messages can be up to ${maxChars} characters.`,
  imageTooLarge: (maxBytes: number) => `Images can be up to ${formatMegabytes(maxBytes)}.`,
  voiceTooLarge: (maxBytes: number) => `Voice messages can be up to ${formatMegabytes(maxBytes)}.`,
  requestTooLarge: (maxBytes: number) => `Files can be up to ${formatMegabytes(maxBytes)}.`,
} as const;

/** What the admin's Chats screen shows where retention deleted a message's file. */
export function mediaDeleted(retentionDays: number): string {
  return `This file was deleted after ${retentionDays} days.`;
}

export function chatExpertLabel(workflowToolName: string): string {
  return `${workflowToolName} Expert`;
}

/**
 * The first message. It names only what the place offers: the widget records voice, while the
 * /chat page (the chat without JavaScript) has a photo field and no recorder.
 */
export function welcomeMessage(workflowToolName: string, offers: "voice and images" | "images"): string {
  const media = offers === "images" ? "images" : "voice messages or images";
  return `Hi! I'm your ${workflowToolName} automation assistant. How can I help you automate your business today? You can also send ${media}!`;
}

/** The canned replies of docs/product.md §8, by the keyword or media that picks them. */
export const CANNED_REPLY = {
  price: (tool: string) =>
    `Our ${tool} automation packages range from $199 for basic setups to $599 for custom integrations, with optional monthly support. Tell me what you would like to automate and we will suggest the right package.`,
  automation: (tool: string) =>
    `${tool} is a workflow automation tool: it connects your apps and runs repetitive tasks for you, from lead capture to invoicing and reporting. We design, build and maintain these workflows. Which process would you like to automate first?`,
  integration: (tool: string) =>
    `We connect ${tool} to the tools you already use through webhooks and APIs: CRMs, shops, email, spreadsheets, messaging apps and more. Which systems would you like to integrate?`,
  voice: () =>
    "Thanks for your voice message! Our team will listen to it and get back to you. Meanwhile, feel free to type your question here.",
  image: (tool: string) =>
    `Thanks for the image! We will look at it and suggest how ${tool} automation could help. Could you tell me a little more about what you want to achieve?`,
  greeting: (tool: string) =>
    `Hello! I can help you with ${tool} automation, our pricing and integrations. What would you like to know?`,
} as const;
