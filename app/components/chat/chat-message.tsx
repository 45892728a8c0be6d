import { cn } from "~/components/ui/cn";
import { Icon } from "~/components/ui/icon";
import { CHAT_TEXT } from "~/copy/chat";
import { LIVE_CHAT_TEXT } from "~/copy/live-chat";
import type { ChatMessageView } from "~/lib/chat";

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
  children,
}: {
  welcome: string;
  messages: ChatLogMessage[];
  typing: boolean;
  className: string;
  ref?: React.Ref<HTMLDivElement>;
  /** What follows the conversation in the same scrolling log (the widget's prompts and email form). */
  children?: React.ReactNode;
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
      {children}
    </div>
  );
}

function ChatBubble({ message }: { message: ChatLogMessage }) {
  const mine = message.isUserMessage;
  const staff = message.staffName;
  return (
    <li
      className={cn("flex", mine ? "justify-end" : "justify-start")}
      data-chat-message={mine ? "user" : staff ? "staff" : "bot"}
    >
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-sm",
          mine ? "rounded-br-sm bg-brand text-white" : "rounded-bl-sm bg-white text-slate-800 ring-1 ring-slate-200",
        )}
      >
        {staff ? (
          <>
            <span className="sr-only">{LIVE_CHAT_TEXT.staffSays(staff)} </span>
            <p aria-hidden className="mb-0.5 text-xs font-semibold text-slate-600">
              {staff}
            </p>
          </>
        ) : (
          <span className="sr-only">{mine ? CHAT_TEXT.fromVisitor : `${CHAT_TEXT.title}:`} </span>
        )}
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
        {message.html ? <ChatReplyHtml html={message.html} /> : <ChatMessageText text={message.message} />}
        {message.failed ? (
          <p role="alert" className="mt-1 rounded bg-white/90 px-2 py-1 text-xs font-medium text-red-700">
            {CHAT_TEXT.notSent} {message.failed}
          </p>
        ) : null}
      </div>
    </li>
  );
}

// The markup markdown-it makes, styled from the outside: Tailwind's preflight strips lists,
// headings and code of the browser's styles. Links keep the text's colour (the brand colour,
// chosen by staff, may be too light to read on white) with an underline in the brand colour.
const REPLY_PROSE = [
  "break-words [&>*+*]:mt-2 [&_li+li]:mt-1",
  "[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5",
  "[&_strong]:font-semibold [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-semibold",
  "[&_a]:font-medium [&_a]:underline [&_a]:decoration-brand [&_a]:underline-offset-2",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em]",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-2",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_blockquote]:border-l-2 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600",
  "[&_hr]:border-slate-200 [&_table]:block [&_table]:overflow-x-auto",
  "[&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_th]:border [&_th]:border-slate-200 [&_th]:px-2",
].join(" ");

/**
 * A bot reply's markdown, rendered and sanitized on the server (app/lib/markdown.server.ts):
 * HTML escaped, links only to http(s) and mailto, images only as links.
 */
function ChatReplyHtml({ html }: { html: string }) {
  return <div className={REPLY_PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
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
      ? { icon: "mic" as const, label: CHAT_TEXT.voiceMessage }
      : text === CHAT_TEXT.imageDefault
        ? { icon: "image" as const, label: CHAT_TEXT.imageSent }
        : null;
  if (!marker) return <p className="whitespace-pre-wrap wrap-anywhere">{text}</p>;
  return (
    <p className="flex items-center gap-1.5" data-media-marker>
      <Icon name={marker.icon} className="size-4 shrink-0" />
      {marker.label}
    </p>
  );
}
