import { Link } from "react-router";

import { formatDateTime } from "~/components/admin/format";
import { Card, PageHeader } from "~/components/admin/page-header";
import { OrderStatusBadge } from "~/components/admin/status-badge";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Icon, type IconName } from "~/components/ui/icon";
import { adminTitle, AUDIT_TEXTS, DASHBOARD_CARD_TEXTS, DASHBOARD_TEXTS, WEBHOOK_TEXTS } from "~/copy/admin";
import { EMAIL_STATUS_TEXTS } from "~/copy/email";
import { type DashboardCard, dashboardCards } from "~/lib/dashboard";
import type { DiskWarning } from "~/lib/disk-space";
import { getEnv } from "~/lib/env.server";
import { formatPrice } from "~/lib/pricing";
import { listLatestAudit } from "~/models/audit-log.server";
import { listChatSessions } from "~/models/chat-sessions.server";
import { listContactMessages } from "~/models/contact-messages.server";
import { getOrderStats, listLatestOrders } from "~/models/orders.server";
import { collectedSince } from "~/models/payments.server";
import { countServices } from "~/models/services.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { listActiveWebhooks } from "~/models/webhooks.server";
import { dataVolumeWarning } from "~/services/disk-space.server";
import { emailEnabled } from "~/services/outbox/channels.server";

import type { Route } from "./+types/dashboard";

const RECENT_ITEMS = 5;
const COLLECTED_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

// Every figure is a read of the `counters` row or a short LIMIT down an index, so the dashboard
// costs the same at a million orders as at ten; the disk's free space is one statfs, kept briefly.
export async function loader() {
  const { currency } = await getSiteSettings();
  const [serviceCounts, orderStats, orders, messages, chats, changes, disk, chatOff, collected] = await Promise.all([
    countServices(),
    getOrderStats(),
    listLatestOrders(RECENT_ITEMS),
    listContactMessages(RECENT_ITEMS),
    listChatSessions(RECENT_ITEMS),
    listLatestAudit(RECENT_ITEMS),
    dataVolumeWarning(),
    chatHasNoWebhook(),
    collectedSince(new Date(Date.now() - COLLECTED_DAYS * DAY_MS), currency),
  ]);
  // Whether staff and clients get email: the configuration sets all three or none.
  const email = emailEnabled() ? { staffEmail: getEnv().STAFF_EMAIL ?? "" } : null;
  const cards = dashboardCards(serviceCounts, orderStats, { currency, last30Days: collected });
  return { cards, currency, orders, messages, chats, changes, disk, email, chatOff };
}

/** Whether every chat message gets a canned reply: no active webhook and no settings' chat webhook URL. */
async function chatHasNoWebhook(): Promise<boolean> {
  const [active, settings] = await Promise.all([listActiveWebhooks(), getSiteSettings()]);
  return active.length === 0 && !settings.chatWebhookUrl;
}

const CARD_ICONS: Record<DashboardCard["title"], IconName> = {
  [DASHBOARD_CARD_TEXTS.services.title]: "package",
  [DASHBOARD_CARD_TEXTS.orders.title]: "shopping-cart",
  [DASHBOARD_CARD_TEXTS.revenue.title]: "dollar-sign",
  [DASHBOARD_CARD_TEXTS.collected.title]: "circle-check",
  [DASHBOARD_CARD_TEXTS.conversion.title]: "percent",
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { cards, currency, orders, messages, chats, changes, disk, email, chatOff } = loaderData;
  return (
    <>
      <PageHeader title={DASHBOARD_TEXTS.title} description={DASHBOARD_TEXTS.description} />
      {disk ? <DiskAlert warning={disk} /> : null}
      {chatOff ? <ChatWebhookAlert /> : null}
      <EmailStatus staffEmail={email?.staffEmail ?? null} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {cards.map((card) => (
          <StatCard key={card.title} card={card} />
        ))}
      </ul>

      <div className="mt-8 grid gap-6 xl:grid-cols-3">
        {/* min-w-0: a grid item is otherwise as wide as its longest unwrapped line, and truncate never cuts. */}
        <Card heading={DASHBOARD_TEXTS.recentActivity} headingId="recent-activity" className="min-w-0 xl:col-span-2">
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            <ActivityList title={DASHBOARD_TEXTS.latestOrders} moreTo="/admin/orders" empty={DASHBOARD_TEXTS.noOrders}>
              {orders.map((order) => (
                <li key={order.id} className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{order.clientName}</p>
                    <p className="truncate text-xs text-slate-500">
                      {order.serviceName} · {formatPrice(order.totalPrice, currency)} ·{" "}
                      {formatDateTime(order.createdAt)}
                    </p>
                  </div>
                  <OrderStatusBadge status={order.status} />
                </li>
              ))}
            </ActivityList>
            <ActivityList
              title={DASHBOARD_TEXTS.latestMessages}
              moreTo="/admin/messages"
              empty={DASHBOARD_TEXTS.noMessages}
            >
              {messages.map((message) => (
                <li key={message.id} className="py-2">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    <Icon name="mail" className="size-3.5 text-slate-400" />
                    <span className="truncate">{message.name}</span>
                    {message.isRead ? null : (
                      <span className="text-xs font-semibold text-brand">{DASHBOARD_TEXTS.unread}</span>
                    )}
                  </p>
                  <p className="truncate text-xs text-slate-500">{message.message}</p>
                </li>
              ))}
            </ActivityList>
            <ActivityList title={DASHBOARD_TEXTS.latestChats} moreTo="/admin/chats" empty={DASHBOARD_TEXTS.noChats}>
              {chats.map((chat) => (
                <li key={chat.sessionId} className="py-2">
                  <Link
                    to={`/admin/chats?session=${encodeURIComponent(chat.sessionId)}`}
                    className="flex items-center gap-2 text-sm font-medium hover:text-brand"
                  >
                    <Icon name="messages-square" className="size-3.5 text-slate-400" />
                    <span className="truncate">{DASHBOARD_TEXTS.chatMessages(chat.messageCount)}</span>
                  </Link>
                  <p className="text-xs text-slate-500">{formatDateTime(chat.lastMessageAt)}</p>
                </li>
              ))}
            </ActivityList>
            <ActivityList title={AUDIT_TEXTS.latest} moreTo="/admin/activity" empty={AUDIT_TEXTS.empty}>
              {changes.map((entry) => (
                <li key={entry.id} className="py-2">
                  <p className="truncate text-sm">
                    <span className="font-medium">{entry.actorUsername}</span> {AUDIT_TEXTS.describe(entry)}
                  </p>
                  <p className="text-xs text-slate-500">{formatDateTime(entry.createdAt)}</p>
                </li>
              ))}
            </ActivityList>
          </div>
        </Card>

        <Card heading={DASHBOARD_TEXTS.quickActions} headingId="quick-actions">
          <ul className="mt-4 grid gap-2">
            <QuickAction to="/admin/services/new" icon="plus" label={DASHBOARD_TEXTS.addService} />
            <QuickAction to="/admin/orders?status=pending" icon="shopping-cart" label={DASHBOARD_TEXTS.reviewPending} />
            <QuickAction
              to="/admin/orders/export.csv"
              icon="download"
              label={DASHBOARD_TEXTS.exportOrders}
              reloadDocument
            />
            <QuickAction to="/admin/messages" icon="mail" label={DASHBOARD_TEXTS.readMessages} />
            <QuickAction to="/admin/webhooks" icon="webhook" label={DASHBOARD_TEXTS.manageWebhooks} />
            <QuickAction to="/admin/settings" icon="settings" label={DASHBOARD_TEXTS.editSettings} />
          </ul>
        </Card>
      </div>
    </>
  );
}

function DiskAlert({ warning }: { warning: DiskWarning }) {
  const critical = warning.level === "critical";
  return (
    <p
      role="alert"
      className={cn(
        "mb-6 flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium",
        critical ? "border-red-300 bg-red-50 text-red-800" : "border-amber-300 bg-amber-50 text-amber-900",
      )}
    >
      <Icon name="hard-drive" className="mt-0.5 size-4 shrink-0" />
      {warning.message}
    </p>
  );
}

function ChatWebhookAlert() {
  return (
    <p
      role="alert"
      className="mb-6 flex flex-wrap items-start gap-x-3 gap-y-1 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
    >
      <Icon name="webhook-off" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 flex-1">{WEBHOOK_TEXTS.noneActive}</span>
      <Link to="/admin/webhooks" className="underline hover:no-underline">
        {WEBHOOK_TEXTS.noneActiveLink}
      </Link>
    </p>
  );
}

function EmailStatus({ staffEmail }: { staffEmail: string | null }) {
  return (
    <p className="mb-6 flex items-start gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
      <Icon name={staffEmail ? "mail" : "mail-x"} className="mt-0.5 size-4 shrink-0 text-slate-500" />
      {staffEmail ? EMAIL_STATUS_TEXTS.on(staffEmail) : EMAIL_STATUS_TEXTS.off}
    </p>
  );
}

function StatCard({ card }: { card: DashboardCard }) {
  return (
    <Card as="li" aria-label={card.title}>
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-600">{card.title}</p>
        <Icon name={CARD_ICONS[card.title]} className="size-5 text-brand" />
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900">{card.value}</p>
      <p className="mt-1 text-xs text-slate-500">{card.detail}</p>
    </Card>
  );
}

function ActivityList({
  title,
  moreTo,
  empty,
  children,
}: {
  title: string;
  moreTo: string;
  empty: string;
  children: React.ReactNode[];
}) {
  return (
    <div className="min-w-0">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
        <Link to={moreTo} className="text-xs font-medium text-brand hover:underline">
          {DASHBOARD_TEXTS.viewAll}
          <span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {children.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100">{children}</ul>
      ) : (
        <p className="mt-2 text-sm text-slate-500">{empty}</p>
      )}
    </div>
  );
}

function QuickAction({
  to,
  icon,
  label,
  reloadDocument,
}: {
  to: string;
  icon: IconName;
  label: string;
  reloadDocument?: boolean;
}) {
  return (
    <li>
      <Link
        to={to}
        reloadDocument={reloadDocument}
        className={buttonClasses("secondary", "md", "w-full justify-start")}
      >
        <Icon name={icon} className="size-4" />
        {label}
      </Link>
    </li>
  );
}

export function meta() {
  return [{ title: adminTitle(DASHBOARD_TEXTS.title) }];
}
