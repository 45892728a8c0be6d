import { data, Link } from "react-router";

import { ConfirmAction } from "~/components/admin/confirm-delete";
import { formatDateTime } from "~/components/admin/format";
import { Card, PageHeader } from "~/components/admin/page-header";
import { SearchForm } from "~/components/admin/search-form";
import { OrderStatusBadge } from "~/components/admin/status-badge";
import { useCurrency } from "~/components/site/use-site-settings";
import { Button, buttonClasses } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { adminTitle, ORDER_PAYMENT_TEXTS, PERSONAL_DATA_TEXTS as TEXTS, TOASTS } from "~/copy/admin";
import { describeCounts, PersonalDataEmailSchema } from "~/lib/personal-data";
import { formatPrice } from "~/lib/pricing";
import { readForm } from "~/lib/read-form.server";
import { requireSuperAdmin } from "~/middleware/admin-guard.server";
import { findPersonalData } from "~/models/personal-data.server";
import { erasePersonalDataFor } from "~/services/personal-data.server";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import { errorDescription, readIntent } from "./+shared/route-helpers.server";
import type { Route } from "./+types/personal-data";

export const PERSONAL_DATA_PATH = "/admin/personal-data";
const EMAIL_MAX_CHARS = 254;

const pageFor = (email: string) => `${PERSONAL_DATA_PATH}?email=${encodeURIComponent(email)}`;

// Super admins only: the screen shows and erases what the other screens show piece by piece, and
// an erasure cannot be undone.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSuperAdmin(context);
  const typed = new URL(request.url).searchParams.get("email");
  if (typed === null) return { typed: "", error: null, result: null };
  const parsed = PersonalDataEmailSchema.safeParse(typed);
  if (!parsed.success) {
    return { typed: typed.slice(0, EMAIL_MAX_CHARS), error: parsed.error.issues[0].message, result: null };
  }
  const email = parsed.data;
  const found = await findPersonalData(email);
  return {
    typed: email,
    error: null,
    result: {
      email,
      summary: describeCounts({
        orders: found.orders.length,
        contactMessages: found.contactMessages.length,
        conversations: found.conversations.length,
      }),
      empty: found.orders.length + found.contactMessages.length + found.conversations.length === 0,
      orders: found.orders,
      payments: found.payments,
      contactMessages: found.contactMessages,
      // The whole conversations are in the export; the screen lists them.
      conversations: found.conversations.map(({ sessionId, messages }) => ({
        sessionId,
        messageCount: messages.length,
        startedAt: messages[0]?.createdAt ?? null,
      })),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireSuperAdmin(context);
  const formData = await readForm(request);
  readIntent(formData, ["erase"]);
  const parsed = PersonalDataEmailSchema.safeParse(formData.get("email"));
  if (!parsed.success) throw data(parsed.error.issues[0].message, { status: 400 });
  const email = parsed.data;
  try {
    const erased = await erasePersonalDataFor(email, actor);
    const summary = describeCounts(erased);
    return redirectWithSuccess(
      pageFor(email),
      erased.filesLeft > 0
        ? TOASTS.personalDataFilesLeft(summary, erased.filesLeft)
        : TOASTS.personalDataErased(summary),
    );
  } catch (error) {
    return redirectWithError(pageFor(email), {
      message: TOASTS.personalDataError,
      description: errorDescription(error),
    });
  }
}

export default function PersonalData({ loaderData }: Route.ComponentProps) {
  const { typed, error, result } = loaderData;
  return (
    <>
      <PageHeader title={TEXTS.heading} description={TEXTS.description} />
      <EmailSearch typed={typed} error={error} />
      {result ? (
        <>
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <p role="status" className="text-sm text-slate-700">
              {result.empty ? TEXTS.nothingFound(result.email) : TEXTS.found(result.email, result.summary)}
            </p>
            {result.empty ? null : (
              <div className="flex flex-wrap items-start gap-2">
                {/* A file download, not a page: the browser fetches it itself. */}
                <a
                  href={`${PERSONAL_DATA_PATH}/export.json?email=${encodeURIComponent(result.email)}`}
                  download
                  className={buttonClasses("secondary")}
                >
                  <Icon name="download" className="size-4" />
                  {TEXTS.download}
                </a>
                <ConfirmAction
                  label={TEXTS.eraseLabel(result.email)}
                  question={TEXTS.eraseQuestion(result.email)}
                  fields={{ email: result.email }}
                  intent="erase"
                  confirmLabel={TEXTS.confirmErase}
                  trigger={TEXTS.erase}
                  triggerClassName={`${buttonClasses("danger")} cursor-pointer`}
                />
              </div>
            )}
          </div>
          {result.empty ? null : <Results {...result} />}
        </>
      ) : null}
    </>
  );
}

/** A plain GET form: the address is in the URL, and it works without JavaScript. */
function EmailSearch({ typed, error }: { typed: string; error: string | null }) {
  return (
    <SearchForm label={TEXTS.searchFormLabel} className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor="personal-data-email" className="mb-1 block text-sm font-medium text-slate-700">
          {TEXTS.emailLabel}
        </label>
        <input
          id="personal-data-email"
          type="email"
          name="email"
          required
          defaultValue={typed}
          maxLength={EMAIL_MAX_CHARS}
          placeholder={TEXTS.emailPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "personal-data-email-error" : undefined}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
        {error ? (
          <p id="personal-data-email-error" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="secondary">
        <Icon name="search" className="size-4" />
        {TEXTS.find}
      </Button>
    </SearchForm>
  );
}

type Result = NonNullable<Route.ComponentProps["loaderData"]["result"]>;

function Results({ orders, payments, contactMessages, conversations }: Result) {
  const currency = useCurrency();
  return (
    <div className="space-y-6">
      <Section id="personal-data-orders" heading={TEXTS.ordersHeading} count={orders.length}>
        {orders.map((order) => (
          <li key={order.id} className="py-3 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {order.serviceName} · {formatPrice(order.totalPrice, currency)} <OrderStatusBadge status={order.status} />
            </p>
            <p className="text-slate-600">
              {order.clientName} · {order.clientEmail} · {order.clientPhone ?? TEXTS.noPhone} ·{" "}
              {formatDateTime(order.orderDate)}
            </p>
            {order.notes ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{order.notes}</p> : null}
          </li>
        ))}
      </Section>
      <Section id="personal-data-payments" heading={ORDER_PAYMENT_TEXTS.heading} count={payments.length}>
        {payments.map((payment) => (
          <li key={payment.id} className="py-3 text-sm text-slate-800">
            {formatPrice(payment.amount, payment.currency)} · {ORDER_PAYMENT_TEXTS.kinds[payment.kind]} ·{" "}
            {ORDER_PAYMENT_TEXTS.providers[payment.provider]} · {ORDER_PAYMENT_TEXTS.statuses[payment.status]} ·{" "}
            {formatDateTime(payment.paidAt)}
            {payment.note ? <p className="mt-1 whitespace-pre-wrap break-words">{payment.note}</p> : null}
          </li>
        ))}
      </Section>
      <Section id="personal-data-messages" heading={TEXTS.messagesHeading} count={contactMessages.length}>
        {contactMessages.map((message) => (
          <li key={message.id} className="py-3 text-sm">
            <p className="font-medium text-slate-900">
              {message.name} · {formatDateTime(message.createdAt)}
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
          </li>
        ))}
      </Section>
      <Section
        id="personal-data-chats"
        heading={TEXTS.chatsHeading}
        count={conversations.length}
        note={TEXTS.chatsNote}
      >
        {conversations.map((conversation) => (
          <li key={conversation.sessionId} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            {/* A session id is one long word: it wraps anywhere rather than push the page sideways. */}
            <span className="min-w-0 text-slate-800 wrap-anywhere">
              {TEXTS.conversation(conversation.sessionId, conversation.messageCount)}
              {conversation.startedAt ? <> · {formatDateTime(conversation.startedAt)}</> : null}
            </span>
            <Link
              to={`/admin/chats?session=${encodeURIComponent(conversation.sessionId)}`}
              className="text-brand hover:underline"
            >
              {TEXTS.viewConversation}
            </Link>
          </li>
        ))}
      </Section>
    </div>
  );
}

function Section({
  id,
  heading,
  count,
  note,
  children,
}: {
  id: string;
  heading: string;
  count: number;
  note?: string;
  children: React.ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {heading} ({count})
      </h2>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      {count === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{TEXTS.none}</p>
      ) : (
        <ul className="divide-y divide-slate-100">{children}</ul>
      )}
    </Card>
  );
}

export function meta() {
  return [{ title: adminTitle(TEXTS.heading) }];
}
