import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useLocation } from "react-router";

import { HandoffBadge, StaffReplyForm, WaitingList } from "~/components/admin/chat-handoff";
import { ChoiceLink } from "~/components/admin/choice-link";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { Pager, type PagerLink } from "~/components/admin/pager";
import { ChatMessageText } from "~/components/chat/chat-message";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { adminTitle, CHAT_TEXTS } from "~/copy/admin";
import { mediaDeleted } from "~/copy/chat";
import { HANDOFF_ADMIN_TEXT, HANDOFF_TEXT } from "~/copy/handoff";
import type { ChatMessage } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { handoffStatus, waitedFor } from "~/lib/handoff";
import { staffReplySchema } from "~/lib/handoff-schema";
import { type PageInfo, pageParams, readPageRequest, UUID_ID } from "~/lib/keyset";
import { readForm } from "~/lib/read-form.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { handBack, listWaitingConversations, saveStaffReply } from "~/models/chat-handoff.server";
import { listSessionMessagePage } from "~/models/chat-messages.server";
import {
  CHAT_SEARCH_MIN_CHARS,
  type ChatSessionFilter,
  ChatSessionIdSchema,
  listChatSessionPage,
} from "~/models/chat-sessions.server";
import { readCounters } from "~/models/counters.server";
import { getSiteSettings, siteTimeZone } from "~/models/site-settings.server";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import { dayRangeInstants, readDayRange } from "./+shared/day-range";
import { readIntent } from "./+shared/route-helpers.server";
import { readSearch, SEARCH_MAX_CHARS } from "./+shared/search";
import type { Route } from "./+types/chats";

const CHATS_PATH = "/admin/chats";

/**
 * The list's filter from the URL (`q`, `from`, `to`), as the form shows it and as the model takes
 * it: a search too short to run, or dates that are not a range, are shown with the reason and not
 * applied, so a hand-edited URL still opens the list.
 */
function readFilter(params: URLSearchParams, timeZone: string) {
  const q = readSearch(params);
  const searching = q.length >= CHAT_SEARCH_MIN_CHARS;
  const dates = readDayRange(params);
  const range = "range" in dates ? dates.range : {};
  const model: ChatSessionFilter = { search: searching ? q : undefined, ...dayRangeInstants(range, timeZone) };
  const shown = {
    q,
    from: (params.get("from") ?? "").slice(0, 10),
    to: (params.get("to") ?? "").slice(0, 10),
    searchTooShort: q.length > 0 && !searching ? CHAT_TEXTS.filter.searchTooShort(CHAT_SEARCH_MIN_CHARS) : null,
    dateError: "error" in dates ? dates.error : null,
    // What the list is narrowed to, for the line above it; null when it is the whole list.
    matching:
      searching || range.from || range.to
        ? CHAT_TEXTS.filter.matching({ q: searching ? q : undefined, ...range })
        : null,
  };
  return { model, shown };
}

// Two lists on one screen, each with its own pages in the URL: the conversations page with
// after/before/last like every admin list, the chosen conversation's messages with
// msgs_after/msgs_before/msgs_last. Each list's links keep the other's page.
const CONVERSATION_PREFIX = "msgs_";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // The filter's days are the site's, the time zone the list shows its times in.
  const settings = await getSiteSettings();
  const timeZone = siteTimeZone(settings);
  const filter = readFilter(params, timeZone);
  const [sessionPage, counters, waitingRows] = await Promise.all([
    listChatSessionPage(readPageRequest(params, ChatSessionIdSchema), filter.model),
    readCounters(["chat_sessions"]),
    listWaitingConversations(),
  ]);
  const { rows: sessionRows, ...sessionsPage } = sessionPage;
  // Who holds each conversation, from its timestamps (app/lib/handoff.ts), as of this load.
  const now = new Date();
  const status = (row: Parameters<typeof handoffStatus>[0]) => handoffStatus(row, now, settings.chatHandBackMinutes);
  const sessions = sessionRows.map((row) => ({ ...row, handoff: status(row) }));
  const waiting = waitingRows.map((row) => ({
    sessionId: row.sessionId,
    firstMessage: row.firstMessage,
    waited: waitedFor(now.getTime() - (row.handoffRequestedAt?.getTime() ?? now.getTime())),
  }));
  // Waiting conversations come first: the longest waiting one opens by default.
  const selected = params.get("session") ?? waiting[0]?.sessionId ?? sessions[0]?.sessionId ?? null;
  const selectedRow =
    sessions.find((row) => row.sessionId === selected) ?? waitingRows.find((row) => row.sessionId === selected);
  // Files older than this are deleted (app/services/upload-retention.server.ts); their messages say so.
  const retentionDays = getEnv().UPLOADS_RETENTION_DAYS;
  return {
    sessions,
    sessionsPage,
    total: counters.chat_sessions,
    filter: filter.shown,
    selected,
    conversation: selected ? await readConversation(selected, params) : null,
    // A conversation chosen from its link but off this page of the list: read as the waiting list has it.
    selectedHandoff: selectedRow ? status({ staffRepliedAt: null, ...selectedRow }) : ("assistant" as const),
    waiting,
    replyMaxChars: getEnv().CHAT_MAX_MESSAGE_CHARS,
    retentionDays,
    timeZone,
  };
}

/** Back to the conversation the form was sent from, with the list's page and filter as they were. */
function backToConversation(request: Request, sessionId: string): string {
  const params = new URL(request.url).searchParams;
  params.set("session", sessionId);
  return `${CHATS_PATH}?${params}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = getAdmin(context);
  const formData = await readForm(request);
  const intent = readIntent(formData, ["reply", "hand-back"]);
  const schema = staffReplySchema(getEnv().CHAT_MAX_MESSAGE_CHARS);
  if (intent === "hand-back") {
    const parsed = schema.shape.sessionId.safeParse(formData.get("sessionId"));
    if (!parsed.success) throw data(HANDOFF_ADMIN_TEXT.conversationGone, { status: 400 });
    const sessionId = parsed.data;
    const done = await handBack(sessionId, HANDOFF_TEXT.handedBack, admin);
    if (!done) return redirectWithError(backToConversation(request, sessionId), HANDOFF_ADMIN_TEXT.notHeld);
    return redirectWithSuccess(backToConversation(request, sessionId), {
      message: HANDOFF_ADMIN_TEXT.handedBack,
      description: HANDOFF_ADMIN_TEXT.handedBackDescription,
    });
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { sessionId, message } = submission.value;
  const saved = await saveStaffReply({
    sessionId,
    message,
    staff: { id: admin.id, username: admin.username, name: admin.displayName ?? admin.username },
  });
  if (!saved.ok) {
    // The text stays in the form, with why it was not sent.
    return data({ result: submission.reply({ formErrors: [HANDOFF_ADMIN_TEXT.conversationGone] }) }, { status: 410 });
  }
  return redirectWithSuccess(backToConversation(request, sessionId), {
    message: HANDOFF_ADMIN_TEXT.replySent,
    description: HANDOFF_ADMIN_TEXT.replySentDescription,
  });
}

async function readConversation(sessionId: string, params: URLSearchParams) {
  const { rows, ...page } = await listSessionMessagePage(
    sessionId,
    readPageRequest(params, UUID_ID, CONVERSATION_PREFIX),
  );
  // A page comes newest first; a conversation reads from its oldest message down.
  return { sessionId, messages: rows.reverse(), page };
}

/** The link to a conversation: on this page of the list, from its latest messages. */
function conversationSearch(current: URLSearchParams, sessionId: string): string {
  const params = new URLSearchParams(current);
  for (const name of Object.values(pageParams(CONVERSATION_PREFIX))) params.delete(name);
  params.set("session", sessionId);
  return `?${params}`;
}

export default function Chats({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, sessionsPage, total, filter, selected, conversation, retentionDays, timeZone } = loaderData;
  const { waiting, selectedHandoff, replyMaxChars } = loaderData;
  const current = new URLSearchParams(useLocation().search);
  const filtered = filter.matching !== null;
  return (
    <>
      <PageHeader title={CHAT_TEXTS.heading} description={CHAT_TEXTS.description} />
      {total > 0 || filter.q || filter.from || filter.to ? <FilterForm filter={filter} timeZone={timeZone} /> : null}
      {filter.searchTooShort || filter.dateError || filtered ? (
        <div role="status" className="mb-4 space-y-1 text-sm text-slate-600">
          {filter.dateError ? <p className="text-red-700">{CHAT_TEXTS.filter.datesIgnored(filter.dateError)}</p> : null}
          {filter.searchTooShort ? <p>{filter.searchTooShort}</p> : null}
          {filter.matching ? <p>{filter.matching}</p> : null}
        </div>
      ) : null}
      {sessions.length === 0 ? (
        filtered ? (
          <EmptyState title={CHAT_TEXTS.filter.noMatch} />
        ) : (
          <EmptyState title={CHAT_TEXTS.emptyTitle} description={CHAT_TEXTS.emptyDescription} />
        )
      ) : (
        <>
          {/* Above the two columns: the page links need more width than the list's column has. */}
          <div className="mb-4 [&>nav]:mt-0">
            {/* The counter is of every conversation: a filtered list has page links only. */}
            <Pager page={sessionsPage} total={filtered ? undefined : { count: total, noun: CHAT_TEXTS.itemName }} />
          </div>
          {/* minmax(0, ...): a column as wide as the screen, not as the longest truncated preview. */}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
            <nav aria-label={CHAT_TEXTS.listLabel} className="lg:max-h-[75dvh] lg:overflow-y-auto">
              <WaitingList
                conversations={waiting.map((row) => ({ ...row, to: conversationSearch(current, row.sessionId) }))}
                selected={selected}
                noVisitorMessage={CHAT_TEXTS.noVisitorMessage}
              />
              <ul className="space-y-2">
                {sessions.map((session) => (
                  <li key={session.sessionId}>
                    <ChoiceLink
                      look="entry"
                      to={conversationSearch(current, session.sessionId)}
                      preventScrollReset
                      current={session.sessionId === selected}
                    >
                      <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                        <Icon name="messages-square" className="size-4 text-slate-400" />
                        {formatDateTime(session.lastMessageAt, timeZone)}
                        <HandoffBadge status={session.handoff} />
                      </span>
                      <span className="mt-0.5 block truncate text-xs text-slate-600">
                        {CHAT_TEXTS.messageCount(session.messageCount)} · {session.sessionId}
                      </span>
                      <span
                        className={cn(
                          "mt-0.5 block truncate text-xs",
                          session.firstMessage ? "text-slate-800" : "italic text-slate-500",
                        )}
                      >
                        {session.firstMessage ?? CHAT_TEXTS.noVisitorMessage}
                      </span>
                      <span className="mt-0.5 block truncate text-xs text-slate-600">
                        {CHAT_TEXTS.answeredBy(session.answeredBy)}
                      </span>
                    </ChoiceLink>
                  </li>
                ))}
              </ul>
            </nav>
            <section
              aria-label={CHAT_TEXTS.conversationLabel}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              {!conversation || conversation.messages.length === 0 ? (
                <p className="text-sm text-slate-600">{CHAT_TEXTS.noMessages}</p>
              ) : (
                <>
                  <p className="mb-4 flex flex-wrap items-center gap-2 break-all text-xs text-slate-500">
                    {CHAT_TEXTS.session(conversation.sessionId)}
                    <HandoffBadge status={selectedHandoff} />
                  </p>
                  <ConversationPager page={conversation.page} current={current} sessionId={conversation.sessionId} />
                  <ol className="space-y-3">
                    {conversation.messages.map((message) => (
                      <ChatBubble
                        key={message.id}
                        message={message}
                        retentionDays={retentionDays}
                        timeZone={timeZone}
                      />
                    ))}
                  </ol>
                  <StaffReplyForm
                    key={`${conversation.sessionId} ${conversation.messages.length}`}
                    sessionId={conversation.sessionId}
                    status={selectedHandoff}
                    maxChars={replyMaxChars}
                    lastResult={actionData?.result}
                  />
                </>
              )}
            </section>
          </div>
        </>
      )}
    </>
  );
}

/**
 * A plain GET form: a new search or range starts on the list's first page with no conversation
 * chosen, and works without JavaScript. The page links and conversation links keep it.
 */
function FilterForm({ filter, timeZone }: { filter: { q: string; from: string; to: string }; timeZone: string }) {
  const texts = CHAT_TEXTS.filter;
  const { q, from, to } = filter;
  return (
    <Form
      method="get"
      role="search"
      aria-label={texts.label}
      className="mb-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {/* Keyed by the URL's values, so that going back in history shows that page's filter. */}
      <div key={`${q}|${from}|${to}`} className="flex flex-wrap items-end gap-3">
        <Field
          className="min-w-56 flex-1"
          label={texts.search}
          inputProps={{
            type: "search",
            name: "q",
            defaultValue: q,
            maxLength: SEARCH_MAX_CHARS,
            placeholder: texts.searchPlaceholder,
          }}
        />
        <Field label={texts.from} inputProps={{ type: "date", name: "from", defaultValue: from }} />
        <Field label={texts.to} inputProps={{ type: "date", name: "to", defaultValue: to }} />
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            <Icon name="search" className="size-4" />
            {texts.submit}
          </Button>
          {q || from || to ? (
            <ButtonLink to={CHATS_PATH} variant="ghost">
              {texts.clear}
            </ButtonLink>
          ) : null}
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-500">{texts.hint(timeZone)}</p>
    </Form>
  );
}

// In reading order: the oldest messages are the keyset list's last page, the latest its first.
const CONVERSATION_LINKS = [
  { link: "last", label: CHAT_TEXTS.conversationPages.earliest, icon: "chevrons-left" },
  { link: "next", label: CHAT_TEXTS.conversationPages.earlier, icon: "chevron-left" },
  { link: "previous", label: CHAT_TEXTS.conversationPages.later, icon: "chevron-right" },
  { link: "first", label: CHAT_TEXTS.conversationPages.latest, icon: "chevrons-right" },
] as const satisfies PagerLink[];

/**
 * The pages of a long conversation; shown only when it has more than one page. The links name
 * the conversation, so a new chat arriving at the top of the list does not swap the conversation
 * being read.
 */
function ConversationPager({
  page,
  current,
  sessionId,
}: {
  page: PageInfo;
  current: URLSearchParams;
  sessionId: string;
}) {
  const here = new URLSearchParams(current);
  here.set("session", sessionId);
  return (
    <Pager
      compact
      page={page}
      links={CONVERSATION_LINKS}
      label={CHAT_TEXTS.conversationPages.label}
      params={here}
      prefix={CONVERSATION_PREFIX}
    />
  );
}

function answeredByLabel(answeredBy: string | null, staffName: string | null): string | null {
  // The site's own lines (how a handover began or ended) need no badge.
  if (!answeredBy || answeredBy === "system") return null;
  if (answeredBy === "staff") return HANDOFF_ADMIN_TEXT.staffBadge(staffName ?? HANDOFF_ADMIN_TEXT.withStaff);
  return CHAT_TEXTS.replyBy(answeredBy);
}

/** How a reply came: "in 1.2 s, streamed"; nothing for replies stored before it was kept. */
function replyFacts({ replyMs, streamed }: Pick<ChatMessage, "replyMs" | "streamed">): string | null {
  const facts = [replyMs === null ? null : CHAT_TEXTS.replyTime(replyMs), streamed ? CHAT_TEXTS.streamed : null].filter(
    Boolean,
  );
  return facts.length ? facts.join(", ") : null;
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

function ChatBubble({
  message,
  retentionDays,
  timeZone,
}: {
  message: ChatMessage;
  retentionDays: number;
  timeZone: string;
}) {
  const user = message.isUserMessage;
  const media = message.mediaType ? safeMediaUrl(message.mediaUrl, message.mediaType) : null;
  const answeredBy = user ? null : answeredByLabel(message.answeredBy, message.staffName);
  return (
    <li className={cn("flex gap-2", user ? "flex-row-reverse text-right" : "")}>
      <span
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-full",
          user ? "bg-slate-200 text-slate-700" : "bg-brand/10 text-brand",
        )}
      >
        {user ? <Icon name="user-round" className="size-4" /> : <Icon name="bot" className="size-4" />}
        <span className="sr-only">{user ? CHAT_TEXTS.visitor : CHAT_TEXTS.assistant}</span>
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
                alt={CHAT_TEXTS.imageAlt}
                loading="lazy"
                className="max-h-48 rounded-lg bg-white object-contain"
              />
            </a>
          ) : null}
          {media && message.mediaType === "voice" ? (
            <audio controls preload="none" src={media} className="mb-2 max-w-full">
              <a href={media}>{CHAT_TEXTS.downloadVoice}</a>
            </audio>
          ) : null}
          {message.mediaType && !message.mediaUrl ? (
            <p className="mb-1 text-xs italic opacity-80">{mediaDeleted(retentionDays)}</p>
          ) : null}
          <ChatMessageText text={message.message} />
        </div>
        <p className="text-xs text-slate-500">
          {formatDateTime(message.createdAt, timeZone)}
          {answeredBy ? (
            <>
              {" · "}
              <Badge
                tone={message.answeredBy === "canned" ? "warning" : message.answeredBy === "staff" ? "success" : "info"}
              >
                {answeredBy}
              </Badge>
              {replyFacts(message) ? ` · ${replyFacts(message)}` : null}
            </>
          ) : null}
        </p>
      </div>
    </li>
  );
}

export function meta() {
  return [{ title: adminTitle(CHAT_TEXTS.heading) }];
}
