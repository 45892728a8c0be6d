import { Bot } from "lucide-react";
import { CHAT_TEXT, chatExpertLabel, type ChatMessageView } from "~/lib/chat";
import { cn } from "~/components/ui/cn";

// The pieces the widget and the /chat page share, so both look the same.

export function ChatStatus({ workflowToolName, className }: { workflowToolName: string; className?: string }) {
  return (
    <p className={cn("flex items-center gap-1.5 text-xs", className)}>
      <span aria-hidden className="size-2 rounded-full bg-emerald-400" />
      {CHAT_TEXT.online} <span aria-hidden>•</span> {chatExpertLabel(workflowToolName)}
    </p>
  );
}

export function ChatBubble({ message, note }: { message: ChatMessageView; note?: React.ReactNode }) {
  const mine = message.isUserMessage;
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")} data-chat-message={mine ? "user" : "bot"}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-sm",
          mine ? "rounded-br-sm bg-brand text-white" : "rounded-bl-sm bg-white text-slate-800 ring-1 ring-slate-200",
        )}
      >
        <span className="sr-only">{mine ? "You:" : `${CHAT_TEXT.title}:`} </span>
        {message.mediaType === "image" && message.mediaUrl ? (
          <img src={message.mediaUrl} alt="Image you sent" className="mb-1.5 max-h-48 w-auto rounded-lg bg-white/20" />
        ) : null}
        {message.mediaType === "voice" && message.mediaUrl ? (
          <audio controls preload="metadata" src={message.mediaUrl} aria-label="Voice message you sent" className="mb-1.5 w-56 max-w-full" />
        ) : null}
        <p className="whitespace-pre-wrap break-words">{message.message}</p>
        {note}
      </div>
    </li>
  );
}

export function TypingIndicator() {
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

export function ChatAvatar() {
  return (
    <span aria-hidden className="flex size-9 items-center justify-center rounded-full bg-white/20">
      <Bot className="size-5" />
    </span>
  );
}

export function WhatsAppIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" fill="currentColor" className={className}>
      <path d="M12.04 2a9.9 9.9 0 0 0-8.5 14.98L2 22l5.16-1.5A9.9 9.9 0 1 0 12.04 2Zm0 18.1a8.2 8.2 0 0 1-4.18-1.15l-.3-.18-3.06.9.9-2.98-.2-.31a8.2 8.2 0 1 1 6.84 3.72Zm4.5-6.13c-.25-.12-1.46-.72-1.69-.8-.23-.09-.39-.13-.56.12-.16.25-.64.8-.78.97-.15.16-.29.18-.54.06a6.7 6.7 0 0 1-3.33-2.91c-.25-.43.25-.4.72-1.33.08-.16.04-.3-.02-.43-.06-.12-.56-1.34-.76-1.84-.2-.48-.4-.41-.56-.42h-.48a.92.92 0 0 0-.66.31 2.8 2.8 0 0 0-.87 2.07 4.86 4.86 0 0 0 1.02 2.58 11.1 11.1 0 0 0 4.25 3.76c1.58.68 2.2.74 2.99.62.48-.07 1.46-.6 1.67-1.18.2-.58.2-1.07.15-1.18-.06-.1-.22-.16-.47-.28Z" />
    </svg>
  );
}
