import { ActiveBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { EVENT_WEBHOOK_TEXTS } from "~/copy/admin";
import type { EventWebhookView } from "~/models/event-webhooks.server";

type Shown = Pick<EventWebhookView, "url" | "events" | "isActive" | "disabledReason">;

/** Active, Inactive (switched off by an admin) or Disabled (switched off by the worker: a 410 Gone). */
export function EventWebhookBadge({ webhook }: { webhook: Pick<Shown, "isActive" | "disabledReason"> }) {
  if (!webhook.isActive && webhook.disabledReason) return <Badge tone="danger">{EVENT_WEBHOOK_TEXTS.disabled}</Badge>;
  return <ActiveBadge active={webhook.isActive} />;
}

/** What an event webhook's row and its delivery log show of it. */
export function EventWebhookStatus({ webhook, withBadge = false }: { webhook: Shown; withBadge?: boolean }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm">
      <dt className="text-slate-500">{EVENT_WEBHOOK_TEXTS.urlTerm}</dt>
      <dd className="break-all font-mono text-xs leading-5 text-slate-800">{webhook.url}</dd>
      <dt className="text-slate-500">{EVENT_WEBHOOK_TEXTS.eventsTerm}</dt>
      <dd className="flex flex-wrap gap-1">
        {webhook.events.map((event) => (
          <Badge key={event} className="font-mono">
            {event}
          </Badge>
        ))}
      </dd>
      {withBadge ? (
        <>
          <dt className="text-slate-500">{EVENT_WEBHOOK_TEXTS.statusTerm}</dt>
          <dd>
            <EventWebhookBadge webhook={webhook} />
          </dd>
        </>
      ) : null}
      {!webhook.isActive && webhook.disabledReason ? (
        <>
          <dt className="text-slate-500">{EVENT_WEBHOOK_TEXTS.disabledTerm}</dt>
          <dd className="text-red-700">{webhook.disabledReason}</dd>
        </>
      ) : null}
    </dl>
  );
}
