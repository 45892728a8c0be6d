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
          <audio
            controls
            preload="metadata"
            src={message.mediaUrl}
            aria-label="Voice message you sent"
            className="mb-1.5 w-56 max-w-full"
          />
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
