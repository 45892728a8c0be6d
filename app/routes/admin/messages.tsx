import { Form, Link, useSearchParams } from "react-router";
import { z } from "zod";

import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, ListCard, PageHeader } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { SearchForm, SearchInput } from "~/components/admin/search-form";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { adminTitle, MESSAGE_TEXTS, TOASTS } from "~/copy/admin";
import { BOOKING_TEXTS } from "~/copy/booking";
import { CLIENT_EMAIL_TEXTS, MESSAGE_TIMELINE_TEXTS } from "~/copy/timeline";
import { pageParams, readPageRequest } from "~/lib/keyset";
import { readForm } from "~/lib/read-form.server";
import {
  CONTACT_SEARCH_MIN_CHARS,
  deleteContactMessage,
  listContactMessagePage,
  setContactMessageRead,
} from "~/models/contact-messages.server";
import { readCounters } from "~/models/counters.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { emailEnabled } from "~/services/outbox/channels.server";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import { BookingList } from "./+shared/record-details";
import { errorDescription, readIntent, requireId } from "./+shared/route-helpers.server";
import { readSearch, SEARCH_MAX_CHARS } from "./+shared/search";
import { Timeline } from "./+shared/timeline";
import { timelineAction } from "./+shared/timeline-actions.server";
import { TIMELINE_INTENTS } from "./+shared/timeline-forms";
import { loadTimeline } from "./+shared/timeline-loader.server";
import type { Route } from "./+types/messages";

const MESSAGES_PATH = "/admin/messages";
// `?view=` opens a message's timeline, notes and reply form under it.
const ViewIdSchema = z.uuid();

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = readSearch(params);
  const searching = q.length >= CONTACT_SEARCH_MIN_CHARS;
  const viewId = ViewIdSchema.safeParse(params.get("view"));
  const [page, counters, timeline, settings] = await Promise.all([
    listContactMessagePage(readPageRequest(params), searching ? q : null),
    readCounters(["contact_messages", "contact_messages_unread"]),
    viewId.success ? loadTimeline({ contactMessageId: viewId.data }) : null,
    getSiteSettings(),
  ]);
  const { rows, ...pageInfo } = page;
  return {
    // The pager needs the page's first and last cursors only: a row's own was 3.5 kB of a page's data.
    messages: rows.map(({ cursor: _cursor, ...message }) => message),
    page: pageInfo,
    q,
    searching,
    searchMinChars: CONTACT_SEARCH_MIN_CHARS,
    total: counters.contact_messages,
    unread: counters.contact_messages_unread,
    viewing: timeline && viewId.success ? { id: viewId.data, ...timeline } : null,
    emailForm: emailEnabled()
      ? { defaultSubject: CLIENT_EMAIL_TEXTS.replySubject, supportEmail: settings.supportEmail }
      : null,
  };
}

/** After a change, the admin lands back on the page and search the change was made from. */
function backToList(request: Request, names = ["q", ...Object.values(pageParams())]): string {
  const current = new URL(request.url).searchParams;
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = current.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${MESSAGES_PATH}?${search}` : MESSAGES_PATH;
}

/** The list's address with this message open (or none). */
function viewUrl(params: URLSearchParams, view: string | null): string {
  const next = new URLSearchParams(params);
  if (view) next.set("view", view);
  else next.delete("view");
  const search = next.toString();
  return search ? `${MESSAGES_PATH}?${search}` : MESSAGES_PATH;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = readIntent(formData, ["read", "unread", "delete", ...TIMELINE_INTENTS]);
  if (intent !== "read" && intent !== "unread" && intent !== "delete") {
    return timelineAction(context, formData, intent, {
      subject: (contactMessageId) => ({ contactMessageId }),
      back: backToList(request, ["q", "view", ...Object.values(pageParams())]),
    });
  }
  const messageId = requireId(formData.get("messageId"), "message");
  const returnTo = backToList(request);
  try {
    const done =
      intent === "delete"
        ? await deleteContactMessage(messageId)
        : await setContactMessageRead(messageId, intent === "read");
    if (!done) {
      return redirectWithError(returnTo, { message: TOASTS.messageError, description: MESSAGE_TEXTS.goneDescription });
    }
  } catch (error) {
    return redirectWithError(returnTo, { message: TOASTS.messageError, description: errorDescription(error) });
  }
  const toast = { read: TOASTS.messageRead, unread: TOASTS.messageUnread, delete: TOASTS.messageDeleted }[intent];
  return redirectWithSuccess(returnTo, toast);
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages, page, q, searching, searchMinChars, total, unread, viewing } = loaderData;
  const [params] = useSearchParams();
  const inbox = total > 0;
  return (
    <>
      <PageHeader title={MESSAGE_TEXTS.heading} description={MESSAGE_TEXTS.description} />
      {inbox ? <MessageSearch q={q} /> : null}
      {inbox ? (
        <p className="mb-4 text-sm text-slate-600">
          {searching ? MESSAGE_TEXTS.matching(q) : MESSAGE_TEXTS.totals(total, unread)}
          {q && !searching ? <> · {MESSAGE_TEXTS.searchTooShort(searchMinChars)}</> : null}
        </p>
      ) : null}
      {messages.length === 0 ? (
        searching ? (
          <EmptyState title={MESSAGE_TEXTS.noMatch(q)} />
        ) : (
          <EmptyState title={MESSAGE_TEXTS.emptyTitle} description={MESSAGE_TEXTS.emptyDescription} />
        )
      ) : (
        <ul className="space-y-3" aria-label={MESSAGE_TEXTS.listLabel}>
          {messages.map((message) => (
            <ListCard
              key={message.id}
              label={MESSAGE_TEXTS.messageFrom(message.name)}
              title={message.name}
              highlight={!message.isRead}
              badges={
                <>
                  {message.isRead ? (
                    <Badge>{MESSAGE_TEXTS.read}</Badge>
                  ) : (
                    <Badge tone="brand">{MESSAGE_TEXTS.new}</Badge>
                  )}
                  {message.chatSessionId ? <Badge>{MESSAGE_TEXTS.fromChat}</Badge> : null}
                </>
              }
              actions={
                <div className="flex shrink-0 items-center gap-1 self-end sm:self-start">
                  {/* No action: the form posts to this very URL, so the page and search come back after it. */}
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="messageId" value={message.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value={message.isRead ? "unread" : "read"}
                      variant="secondary"
                      size="sm"
                    >
                      {message.isRead ? (
                        <Icon name="mail" className="size-4" />
                      ) : (
                        <Icon name="mail-open" className="size-4" />
                      )}
                      {message.isRead ? MESSAGE_TEXTS.markUnread : MESSAGE_TEXTS.markRead}
                      <span className="sr-only">{MESSAGE_TEXTS.markOf(message.name)}</span>
                    </Button>
                  </Form>
                  <ConfirmDelete
                    label={MESSAGE_TEXTS.deleteLabel(message.name)}
                    question={MESSAGE_TEXTS.deleteQuestion(message.name)}
                    fields={{ messageId: message.id }}
                  />
                </div>
              }
              after={
                <>
                  <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-800">{message.message}</p>
                  {message.chatSessionId ? (
                    <p className="mt-2 text-sm">
                      <Link
                        to={`/admin/chats?${new URLSearchParams({ session: message.chatSessionId })}`}
                        className="font-medium text-brand underline underline-offset-2"
                      >
                        {MESSAGE_TEXTS.openConversation}
                        <span className="sr-only">{MESSAGE_TEXTS.openConversationOf(message.email)}</span>
                      </Link>
                    </p>
                  ) : null}
                  {viewing?.id === message.id ? (
                    <section aria-label={MESSAGE_TIMELINE_TEXTS.open} className="mt-3">
                      {viewing.bookings.length > 0 ? (
                        <BookingList
                          bookings={viewing.bookings}
                          className="space-y-1 text-sm"
                          aria-label={BOOKING_TEXTS.statusHeading}
                        />
                      ) : null}
                      <Timeline kind="message" recordId={message.id} timeline={viewing} email={loaderData.emailForm} />
                      <p className="mt-3 text-sm">
                        <Link
                          to={viewUrl(params, null)}
                          preventScrollReset
                          className="font-medium text-brand underline"
                        >
                          {MESSAGE_TIMELINE_TEXTS.close}
                        </Link>
                      </p>
                    </section>
                  ) : (
                    <p className="mt-2 text-sm">
                      <Link
                        to={viewUrl(params, message.id)}
                        preventScrollReset
                        className="font-medium text-brand underline underline-offset-2"
                      >
                        {MESSAGE_TIMELINE_TEXTS.open}
                        <span className="sr-only"> {MESSAGE_TIMELINE_TEXTS.openOf(message.name)}</span>
                      </Link>
                    </p>
                  )}
                </>
              }
            >
              <p className="text-sm text-slate-600">
                <a href={`mailto:${message.email}`} className="text-brand underline underline-offset-2">
                  {message.email}
                </a>{" "}
                · {formatDateTime(message.createdAt)}
              </p>
            </ListCard>
          ))}
        </ul>
      )}
      <Pager page={page} />
    </>
  );
}

/** The calls booked by the message's sender. */
/** A plain GET form: a new search starts at its first page, and works without JavaScript. */
function MessageSearch({ q }: { q: string }) {
  return (
    <SearchForm label={MESSAGE_TEXTS.searchFormLabel} className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center">
      <SearchInput
        q={q}
        label={MESSAGE_TEXTS.searchLabel}
        placeholder={MESSAGE_TEXTS.searchPlaceholder}
        maxLength={SEARCH_MAX_CHARS}
        className="relative flex-1"
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          {MESSAGE_TEXTS.searchSubmit}
        </Button>
        {q ? (
          <ButtonLink to={MESSAGES_PATH} variant="ghost">
            {MESSAGE_TEXTS.clearSearch}
          </ButtonLink>
        ) : null}
      </div>
    </SearchForm>
  );
}

export function meta() {
  return [{ title: adminTitle(MESSAGE_TEXTS.heading) }];
}
