import { Bot, MessagesSquare, UserRound } from "lucide-react";
import { ChoiceLink } from "~/components/admin/choice-link";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import type { ChatMessage } from "~/db/schema";
import { listChatSessions, listSessionMessages } from "~/models/chat-messages.server";
import type { Route } from "./+types/chats";

const SESSIONS_SHOWN = 100;

export async function loader({ request }: Route.LoaderArgs) {
  const sessions = await listChatSessions(SESSIONS_SHOWN);
  const requested = new URL(request.url).searchParams.get("session");
  const selected = requested ?? sessions[0]?.sessionId ?? null;
  return { sessions, selected, messages: selected ? await listSessionMessages(selected) : [] };
}

export default function Chats({ loaderData }: Route.ComponentProps) {
  const { sessions, selected, messages } = loaderData;
  return (
    <>
      <PageHeader title="Chats" description="Conversations with the website's AI chat, the most recent first." />
      {sessions.length === 0 ? (
        <EmptyState title="No chat conversations yet." description="Conversations from the chat widget appear here." />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
          <nav aria-label="Conversations" className="lg:max-h-[75dvh] lg:overflow-y-auto">
            <ul className="space-y-2">
              {sessions.map((session) => (
                <li key={session.sessionId}>
                  <ChoiceLink
                    look="entry"
                    to={`?session=${encodeURIComponent(session.sessionId)}`}
                    preventScrollReset
                    current={session.sessionId === selected}
                  >
                    <span className="flex items-center gap-2 font-medium text-slate-900">
                      <MessagesSquare aria-hidden className="size-4 text-slate-400" />
                      {formatDateTime(session.lastMessageAt)}
                    </span>
                    <span className="mt-0.5 block truncate text-xs text-slate-600">
                      {session.messageCount} messages · {session.sessionId}
                    </span>
                  </ChoiceLink>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-label="Conversation" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            {messages.length === 0 ? (
              <p className="text-sm text-slate-600">This conversation has no messages.</p>
            ) : (
              <>
                <p className="mb-4 break-all text-xs text-slate-500">Session {selected}</p>
                <ol className="space-y-3">
                  {messages.map((message) => (
                    <ChatBubble key={message.id} message={message} />
                  ))}
                </ol>
              </>
            )}
          </section>
        </div>
      )}
    </>
  );
}

function answeredByLabel(answeredBy: string | null): string | null {
  if (!answeredBy) return null;
  if (answeredBy === "settings") return "Answered by the settings webhook";
  if (answeredBy === "canned") return "Canned reply (no webhook answered)";
  return `Answered by webhook "${answeredBy}"`;
}

/** Media from storage or the uploads folder; anything else (javascript:, other data:) is not shown. */
function safeMediaUrl(url: string | null, type: "image" | "voice"): string | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  if (/^https?:\/\//i.test(url)) return url;
  if (type === "image" && /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(url)) return url;
  if (type === "voice" && /^data:audio\/[a-z0-9.+-]+;base64,/i.test(url)) return url;
  return null;
}

function ChatBubble({ message }: { message: ChatMessage }) {
  const user = message.isUserMessage;
  const media = message.mediaType ? safeMediaUrl(message.mediaUrl, message.mediaType) : null;
  const answeredBy = user ? null : answeredByLabel(message.answeredBy);
  return (
    <li className={cn("flex gap-2", user ? "flex-row-reverse text-right" : "")}>
      <span
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-full",
          user ? "bg-slate-200 text-slate-700" : "bg-brand/10 text-brand",
        )}
      >
        {user ? <UserRound aria-hidden className="size-4" /> : <Bot aria-hidden className="size-4" />}
        <span className="sr-only">{user ? "Visitor" : "Assistant"}</span>
      </span>
      <div className={cn("max-w-[85%] space-y-1", user ? "items-end" : "")}>
        <div
          className={cn(
            "inline-block rounded-2xl px-3 py-2 text-left text-sm",
            user ? "bg-brand text-white" : "bg-slate-100 text-slate-900",
          )}
        >
          {media && message.mediaType === "image" ? (
            <a href={media} target="_blank" rel="noreferrer" className="mb-2 block">
              <img
                src={media}
                alt="Image sent by the visitor"
                loading="lazy"
                className="max-h-48 rounded-lg bg-white object-contain"
              />
            </a>
          ) : null}
          {media && message.mediaType === "voice" ? (
            <audio controls preload="none" src={media} className="mb-2 max-w-full">
              <a href={media}>Download the voice message</a>
            </audio>
          ) : null}
          <p className="whitespace-pre-wrap break-words">{message.message}</p>
        </div>
        <p className="text-xs text-slate-500">
          {formatDateTime(message.createdAt)}
          {answeredBy ? (
            <>
              {" · "}
              <Badge tone={message.answeredBy === "canned" ? "warning" : "info"}>{answeredBy}</Badge>
            </>
          ) : null}
        </p>
      </div>
    </li>
  );
}

export function meta() {
  return [{ title: "Chats | Admin Panel" }];
}
