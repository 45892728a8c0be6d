import { ImageIcon, Mic } from "lucide-react";
import { CHAT_TEXT } from "~/copy/chat";
import type { ChatMessageView } from "~/lib/chat";
import { cn } from "~/components/ui/cn";

// The conversation as the widget and the /chat page both show it.

/** A message in the conversation; `failed` says why the server refused one the visitor sent. */
export type ChatLogMessage = ChatMessageView & { failed?: string };

/**
 * The conversation as a live log, so screen readers announce each new message once. The welcome
 * message (docs/product.md §4) always comes first; it is not part of the stored conversation.
 */
export function ChatLog({
  welcome,
  messages,
  typing,
  className,
  ref,
}: {
  welcome: string;
  messages: ChatLogMessage[];
  typing: boolean;
  className: string;
  ref?: React.Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} role="log" aria-live="polite" aria-label={CHAT_TEXT.messages} className={className}>
      <ol className="space-y-3">
        <ChatBubble
          message={{ id: "welcome", message: welcome, isUserMessage: false, mediaUrl: null, mediaType: null }}
        />
        {messages.map((message) => (
          <ChatBubble key={message.id} message={message} />
        ))}
        {typing ? <TypingIndicator /> : null}
      </ol>
    </div>
  );
}

function ChatBubble({ message }: { message: ChatLogMessage }) {
  const mine = message.isUserMessage;
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")} data-chat-message={mine ? "user" : "bot"}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-sm",
          mine ? "rounded-br-sm bg-brand text-white" : "rounded-bl-sm bg-white text-slate-800 ring-1 ring-slate-200",
        )}
      >
        <span className="sr-only">{mine ? CHAT_TEXT.fromVisitor : `${CHAT_TEXT.title}:`} </span>
        {message.mediaType === "image" && message.mediaUrl ? (
          <img
            src={message.mediaUrl}
            alt={CHAT_TEXT.sentImage}
            className="mb-1.5 max-h-48 w-auto rounded-lg bg-white/20"
          />
        ) : null}
        {message.mediaType === "voice" && message.mediaUrl ? (
          <audio
            controls
            preload="metadata"
            src={message.mediaUrl}
            aria-label={CHAT_TEXT.sentVoice}
            className="mb-1.5 w-56 max-w-full"
          />
        ) : null}
        <ChatMessageText text={message.message} />
        {message.failed ? (
          <p role="alert" className="mt-1 rounded bg-white/90 px-2 py-1 text-xs font-medium text-red-700">
            {CHAT_TEXT.notSent} {message.failed}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function TypingIndicator() {
  return (
    <li className="flex justify-start">
      <div className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-white px-3.5 py-3 ring-1 ring-slate-200">
        <span className="sr-only">{CHAT_TEXT.typing}</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden
            className="size-1.5 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </li>
  );
}

/**
 * A message's text. The default text of a file sent alone is stored with the spec's emoji, which
 * shows as a box where no emoji font is installed: the screens draw an icon in its place.
 */
export function ChatMessageText({ text }: { text: string }) {
  const marker =
    text === CHAT_TEXT.voiceDefault
      ? { Icon: Mic, label: CHAT_TEXT.voiceMessage }
      : text === CHAT_TEXT.imageDefault
        ? { Icon: ImageIcon, label: CHAT_TEXT.imageSent }
        : null;
  if (!marker) return <p className="whitespace-pre-wrap break-words">{text}</p>;
  return (
    <p className="flex items-center gap-1.5" data-media-marker>
      <marker.Icon aria-hidden className="size-4 shrink-0" />
      {marker.label}
    </p>
  );
}
