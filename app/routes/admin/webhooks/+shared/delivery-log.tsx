import { useNavigation } from "react-router";

import { formatDateTime } from "~/components/admin/format";
import { RowIntentButton } from "~/components/admin/intent-button";
import { EmptyState, ListCard } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { useIsSubmitting } from "~/components/admin/pending";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { DELIVERY_LOG_TEXTS } from "~/copy/admin";
import type { DeliveryStatus } from "~/lib/domain";
import type { PageInfo } from "~/lib/keyset";
import type { LoggedDelivery } from "~/models/event-webhooks.server";

const STATUS_TONES: Record<DeliveryStatus, BadgeTone> = {
  pending: "warning",
  delivered: "success",
  failed: "danger",
  cancelled: "neutral",
};

type Delivery = LoggedDelivery;

/** A delivery log's page: each delivery with its attempts and Redeliver, then the page links. */
export function DeliveryLog({
  page,
  timeZone,
  showChannel,
  emptyDescription,
  canRedeliver,
}: {
  page: PageInfo & { rows: Delivery[] };
  timeZone: string;
  showChannel: boolean;
  emptyDescription?: string;
  /** False where the page says why nothing can go out (a webhook or channel that is off). */
  canRedeliver: (delivery: Delivery) => boolean;
}) {
  return (
    <>
      {page.rows.length === 0 ? (
        <EmptyState title={DELIVERY_LOG_TEXTS.empty} description={emptyDescription} />
      ) : (
        <ul className="space-y-3" aria-label={DELIVERY_LOG_TEXTS.listLabel}>
          {page.rows.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              timeZone={timeZone}
              showChannel={showChannel}
              redeliverable={canRedeliver(delivery)}
            />
          ))}
        </ul>
      )}
      <Pager page={page} />
    </>
  );
}

function DeliveryRow({
  delivery,
  timeZone,
  showChannel,
  redeliverable,
}: {
  delivery: Delivery;
  timeZone: string;
  showChannel: boolean;
  redeliverable: boolean;
}) {
  const navigation = useNavigation();
  const redelivering =
    useIsSubmitting({ intent: "redeliver" }) && navigation.formData?.get("deliveryId") === delivery.id;
  const texts = DELIVERY_LOG_TEXTS;
  return (
    <ListCard
      label={`${delivery.eventType} ${delivery.id}`}
      title={<code className="font-mono text-sm">{delivery.eventType}</code>}
      heading="h2"
      badges={
        <>
          <Badge tone={STATUS_TONES[delivery.status]}>{texts.statuses[delivery.status]}</Badge>
          {showChannel ? <Badge>{texts.channelNames[delivery.channel]}</Badge> : null}
        </>
      }
      actions={
        redeliverable ? (
          <RowIntentButton
            intent="redeliver"
            fields={{ deliveryId: delivery.id }}
            formClassName="shrink-0 self-end sm:self-start"
            disabled={redelivering}
            icon="rotate-ccw"
            label={texts.redeliver}
            row={delivery.id}
          />
        ) : null
      }
      after={
        <>
          {delivery.payload ? (
            // A native disclosure: closed, a long body does not crowd the log; open, without JavaScript too.
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium text-slate-700">
                {texts.payload}
                <span className="sr-only"> {delivery.id}</span>
              </summary>
              <pre
                tabIndex={0}
                aria-label={texts.payloadLabel(delivery.id)}
                className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs"
              >
                {delivery.payload}
              </pre>
            </details>
          ) : null}
          <AttemptTable delivery={delivery} timeZone={timeZone} />
        </>
      }
    >
      <p className="mt-1 break-all font-mono text-xs text-slate-500">{delivery.id}</p>
      <p className="mt-1 text-sm text-slate-600">
        {texts.created(formatDateTime(delivery.createdAt, timeZone, { seconds: true }))}
        {" · "}
        {texts.attempts(delivery.attempts)}
        {delivery.status === "pending" ? (
          <>
            {" · "}
            {texts.nextAttempt(formatDateTime(delivery.nextAttemptAt, timeZone, { seconds: true }))}
          </>
        ) : null}
      </p>
    </ListCard>
  );
}

function AttemptTable({ delivery, timeZone }: { delivery: Delivery; timeZone: string }) {
  const texts = DELIVERY_LOG_TEXTS;
  if (delivery.attemptLog.length === 0) {
    return <p className="mt-3 text-sm text-slate-500">{texts.noAttempts}</p>;
  }
  const columns = texts.attemptColumns;
  return (
    // Below sm each attempt is one wrapped line (time, status, duration) with its answer under it:
    // four columns would not fit a phone, and the answer would be off to the side.
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{texts.attemptsCaption(delivery.id)}</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-500 max-sm:sr-only">
          <tr>
            {[columns.time, columns.status, columns.duration, columns.answer].map((name) => (
              <th key={name} scope="col" className="py-1 pr-3 font-medium last:pr-0">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top max-sm:block">
          {delivery.attemptLog.map((attempt, index) => (
            <tr key={index} className="max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:py-2">
              <td className="whitespace-nowrap py-1 pr-3 max-sm:p-0">
                {formatDateTime(attempt.attemptedAt, timeZone, { seconds: true })}
              </td>
              <td
                className={`whitespace-nowrap py-1 pr-3 font-medium max-sm:p-0 ${attempt.ok ? "text-emerald-700" : "text-red-700"}`}
              >
                {attempt.statusCode ?? texts.noAnswer}
              </td>
              <td className="whitespace-nowrap py-1 pr-3 max-sm:p-0">{texts.durationMs(attempt.durationMs)}</td>
              <td className="py-1 max-sm:basis-full max-sm:pb-0 max-sm:empty:hidden">
                {attempt.response ? (
                  // Whatever the endpoint answered, shown as text (React escapes it).
                  <pre
                    tabIndex={0}
                    aria-label={columns.answer}
                    className="max-h-32 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs"
                  >
                    {attempt.response}
                  </pre>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
