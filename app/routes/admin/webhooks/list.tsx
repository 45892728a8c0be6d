import { Link, useNavigation } from "react-router";

import { EditAndDelete } from "~/components/admin/confirm-delete";
import { formatDate, formatDateTime } from "~/components/admin/format";
import { IntentButton, RowIntentButton } from "~/components/admin/intent-button";
import { Card, EmptyState, ListCard, SectionHeader } from "~/components/admin/page-header";
import { useIsSubmitting } from "~/components/admin/pending";
import { ListScreen } from "~/components/admin/route-dialog";
import { ActiveBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { buttonClasses, ButtonLink } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Icon } from "~/components/ui/icon";
import { adminTitle, EVENT_WEBHOOK_TEXTS, WEBHOOK_TEXTS } from "~/copy/admin";
import type { BreakerState } from "~/lib/circuit-breaker";
import { type EventWebhookView, listEventWebhooks } from "~/models/event-webhooks.server";
import { listWebhooks, type WebhookView, withoutHeaderValues } from "~/models/webhooks.server";
import { breakerKey, webhookBreaker } from "~/services/chat/fan-out.server";
import type { Reply } from "~/services/chat/reply.server";
import { chatPayload } from "~/services/webhooks.server";

import {
  DELIVERIES_PATH,
  EVENT_WEBHOOKS_NEW_PATH,
  eventWebhookEditPath,
  eventWebhookLogPath,
} from "./+shared/event-webhook-editor";
import { EventWebhookBadge, EventWebhookStatus } from "./+shared/event-webhook-status";
import { WEBHOOKS_PATH } from "./+shared/webhook-editor";
import { type TestResult, webhookListAction } from "./+shared/webhook-list.server";
import type { Route } from "./+types/list";

// What the configuration card shows. The sample is built by the same function the chat uses.
const SAMPLE_PAYLOAD = chatPayload({
  sessionId: "session_1732233600000_k3j9x2",
  message: WEBHOOK_TEXTS.sampleMessage,
  mediaUrl: "https://example.com/uploads/invoice.png",
  now: new Date("2026-01-15T09:30:00Z"),
});
const EXPECTED_RESPONSE = { response: WEBHOOK_TEXTS.sampleReply, success: true };

export async function loader() {
  const [webhooks, eventWebhooks] = await Promise.all([listWebhooks(), listEventWebhooks()]);
  return {
    // The breaker is this process's (docs/decisions/014-webhook-breaker-per-instance.md).
    webhooks: webhooks.map((webhook) => ({
      ...withoutHeaderValues(webhook),
      breaker: webhookBreaker().state(breakerKey(webhook)),
    })),
    eventWebhooks,
    samplePayload: JSON.stringify(SAMPLE_PAYLOAD, null, 2),
    expectedResponse: JSON.stringify(EXPECTED_RESPONSE, null, 2),
  };
}

export async function action(args: Route.ActionArgs) {
  return webhookListAction(args);
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { webhooks, eventWebhooks, samplePayload, expectedResponse } = loaderData;
  return (
    <ListScreen title={WEBHOOK_TEXTS.heading} description={WEBHOOK_TEXTS.description} addLabel={WEBHOOK_TEXTS.add}>
      <Card heading={WEBHOOK_TEXTS.configurationHeading} headingId="webhook-configuration" className="mb-6">
        <p className="mt-1 text-sm text-slate-600">{WEBHOOK_TEXTS.configuration}</p>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <CodeSample title={WEBHOOK_TEXTS.samplePayload} note={WEBHOOK_TEXTS.samplePayloadNote} code={samplePayload} />
          <CodeSample
            title={WEBHOOK_TEXTS.expectedResponse}
            note={WEBHOOK_TEXTS.expectedResponseNote}
            code={expectedResponse}
          />
        </div>
      </Card>

      <section aria-labelledby="webhook-list">
        <h2 id="webhook-list" className="mb-3 text-lg font-semibold">
          {WEBHOOK_TEXTS.listHeading}
        </h2>
        {webhooks.length === 0 ? (
          <EmptyState title={WEBHOOK_TEXTS.emptyTitle} description={WEBHOOK_TEXTS.emptyDescription} />
        ) : (
          <ul className="space-y-3" aria-label={WEBHOOK_TEXTS.listLabel}>
            {webhooks.map((webhook, index) => (
              <WebhookRow key={webhook.id} webhook={webhook} first={index === 0} last={index === webhooks.length - 1} />
            ))}
          </ul>
        )}
      </section>

      <TestResultCard result={actionData?.testResult} />

      <EventWebhooksSection webhooks={eventWebhooks} />
    </ListScreen>
  );
}

/** Plain form posts, so the order can be changed without JavaScript. */
function MoveButton({
  webhook,
  direction,
  disabled,
}: {
  webhook: WebhookView;
  direction: "up" | "down";
  disabled: boolean;
}) {
  const label = direction === "up" ? WEBHOOK_TEXTS.moveUp : WEBHOOK_TEXTS.moveDown;
  return (
    <IntentButton
      intent={`move-${direction}`}
      fields={{ webhookId: webhook.id }}
      action={WEBHOOKS_PATH}
      variant="ghost"
      size="sm"
      disabled={disabled}
    >
      <Icon name={direction === "up" ? "arrow-up" : "arrow-down"} className="size-4" />
      <span className="sr-only">
        {label} {webhook.name}
      </span>
    </IntentButton>
  );
}

function CodeSample({ title, note, code }: { title: string; note: string; code: string }) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      <p className="text-xs text-slate-500">{note}</p>
      {/* Focusable: keyboard users can scroll a long line sideways. */}
      <pre
        tabIndex={0}
        aria-label={title}
        className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}

type ListedWebhook = WebhookView & { breaker: BreakerState };

function WebhookRow({ webhook, first, last }: { webhook: ListedWebhook; first: boolean; last: boolean }) {
  const navigation = useNavigation();
  const anyTesting = useIsSubmitting({ intent: "test" });
  const testing = anyTesting && navigation.formData?.get("webhookId") === webhook.id;
  return (
    <ListCard
      label={webhook.name}
      title={webhook.name}
      heading="h3"
      badges={<ActiveBadge active={webhook.isActive} />}
      actions={
        <WebhookActions kind="chat" webhook={webhook} busy={anyTesting} testing={testing}>
          <MoveButton webhook={webhook} direction="up" disabled={first} />
          <MoveButton webhook={webhook} direction="down" disabled={last} />
        </WebhookActions>
      }
    >
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 text-sm">
        <dt className="text-slate-500">{WEBHOOK_TEXTS.urlTerm}</dt>
        <dd className="break-all font-mono text-xs leading-5 text-slate-800">{webhook.url}</dd>
        <dt className="text-slate-500">{WEBHOOK_TEXTS.methodTerm}</dt>
        <dd>
          <Badge>{webhook.method}</Badge>
        </dd>
        <dt className="text-slate-500">{WEBHOOK_TEXTS.payloadFormatTerm}</dt>
        <dd className="text-slate-800">{WEBHOOK_TEXTS.payloadFormats[webhook.payloadFormat]}</dd>
        <dt className="text-slate-500">{WEBHOOK_TEXTS.timeoutTerm}</dt>
        <dd className="text-slate-800">{WEBHOOK_TEXTS.timeoutShown(webhook.timeoutSeconds)}</dd>
        <dt className="text-slate-500">{WEBHOOK_TEXTS.breakerLabel}</dt>
        <dd className={webhook.breaker.open ? "font-medium text-amber-800" : "text-slate-800"}>
          <BreakerLine breaker={webhook.breaker} />
        </dd>
        <dt className="text-slate-500">{WEBHOOK_TEXTS.createdTerm}</dt>
        <dd className="text-slate-800">{formatDate(webhook.createdAt)}</dd>
      </dl>
    </ListCard>
  );
}

/**
 * A webhook card's buttons: what comes first (Move up and down, or the delivery log), then Test,
 * Edit and Delete, for a chat webhook or an event webhook.
 */
function WebhookActions({
  kind,
  webhook,
  busy,
  testing,
  className,
  children,
}: {
  kind: "chat" | "event";
  webhook: { id: string; name: string };
  /** A test of any webhook of this kind is under way. */
  busy: boolean;
  /** This webhook's test is under way. */
  testing: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const chat = kind === "chat";
  const fields = { [chat ? "webhookId" : "eventWebhookId"]: webhook.id };
  const testLabel = chat ? (testing ? WEBHOOK_TEXTS.testing : WEBHOOK_TEXTS.test) : EVENT_WEBHOOK_TEXTS.sendTest;
  return (
    <div className={cn("flex shrink-0 items-center gap-1 self-end sm:self-start", className)}>
      {children}
      <RowIntentButton
        intent={chat ? "test" : "event-test"}
        fields={fields}
        action={WEBHOOKS_PATH}
        disabled={busy}
        icon={chat ? "flask-conical" : "send"}
        label={testLabel}
        row={webhook.name}
      />
      <EditAndDelete
        name={webhook.name}
        editTo={chat ? `${webhook.id}/edit` : eventWebhookEditPath(webhook.id)}
        question={(chat ? WEBHOOK_TEXTS : EVENT_WEBHOOK_TEXTS).deleteQuestion(webhook.name)}
        fields={fields}
        action={WEBHOOKS_PATH}
        intent={chat ? "delete" : "event-delete"}
      />
    </div>
  );
}

function BreakerLine({ breaker }: { breaker: BreakerState }) {
  const texts = WEBHOOK_TEXTS.breaker;
  if (breaker.open) {
    const until = formatDateTime(breaker.openUntil, undefined, { seconds: true });
    return texts.open(until, breaker.reason === "timeout");
  }
  return breaker.failures > 0 ? texts.failing(breaker.failures) : texts.closed;
}

/** The event webhooks, below the chat webhooks; their forms open over this screen. */
function EventWebhooksSection({ webhooks }: { webhooks: EventWebhookView[] }) {
  return (
    <section aria-labelledby="event-webhooks" className="mt-10">
      <SectionHeader
        id="event-webhooks"
        title={EVENT_WEBHOOK_TEXTS.heading}
        description={EVENT_WEBHOOK_TEXTS.description}
      >
        <Link to={DELIVERIES_PATH} className={buttonClasses("ghost")}>
          <Icon name="history" className="size-4" />
          {EVENT_WEBHOOK_TEXTS.siteDeliveries}
        </Link>
        <ButtonLink to={EVENT_WEBHOOKS_NEW_PATH} preventScrollReset>
          <Icon name="plus" className="size-4" />
          {EVENT_WEBHOOK_TEXTS.add}
        </ButtonLink>
      </SectionHeader>
      {webhooks.length === 0 ? (
        <EmptyState title={EVENT_WEBHOOK_TEXTS.emptyTitle} description={EVENT_WEBHOOK_TEXTS.emptyDescription} />
      ) : (
        <ul className="space-y-3" aria-label={EVENT_WEBHOOK_TEXTS.listLabel}>
          {webhooks.map((webhook) => (
            <EventWebhookRow key={webhook.id} webhook={webhook} />
          ))}
        </ul>
      )}
    </section>
  );
}

function EventWebhookRow({ webhook }: { webhook: EventWebhookView }) {
  const navigation = useNavigation();
  const testing =
    useIsSubmitting({ intent: "event-test", formAction: WEBHOOKS_PATH }) &&
    navigation.formData?.get("eventWebhookId") === webhook.id;
  return (
    <ListCard
      label={webhook.name}
      title={webhook.name}
      heading="h3"
      badges={<EventWebhookBadge webhook={webhook} />}
      actions={
        <WebhookActions kind="event" webhook={webhook} busy={testing} testing={testing} className="flex-wrap">
          <Link to={eventWebhookLogPath(webhook.id)} className={buttonClasses("ghost", "sm")}>
            <Icon name="history" className="size-4" />
            {EVENT_WEBHOOK_TEXTS.log}
            <span className="sr-only"> {webhook.name}</span>
          </Link>
        </WebhookActions>
      }
    >
      <EventWebhookStatus webhook={webhook} />
    </ListCard>
  );
}

/** What the chat would make of the answer: its reply and where it was read, or why there is none. */
function replySummary(reply: Reply, fields: readonly string[]): string {
  if (reply.streamed) return WEBHOOK_TEXTS.streamedReply(reply.text);
  return reply.field ? WEBHOOK_TEXTS.replyFrom(reply.field, reply.text) : WEBHOOK_TEXTS.noReplyField(fields);
}

function TestResultCard({ result }: { result: TestResult | undefined }) {
  return (
    <Card heading={WEBHOOK_TEXTS.testResult} headingId="test-result" className="mt-6" aria-live="polite">
      {!result ? (
        <p className="mt-1 text-sm text-slate-600">{WEBHOOK_TEXTS.testResultEmpty}</p>
      ) : (
        <div className="mt-2 space-y-1 text-sm">
          <p className="text-slate-600">{WEBHOOK_TEXTS.testedWebhook(result.webhookName)}</p>
          {"error" in result ? (
            <>
              <p className="font-medium text-red-700">{WEBHOOK_TEXTS.error(result.error)}</p>
              <p className="break-all font-mono text-xs text-slate-600">{WEBHOOK_TEXTS.detail(result.detail)}</p>
            </>
          ) : (
            <>
              <p className="font-medium">{WEBHOOK_TEXTS.status(result.status)}</p>
              <p className="text-slate-600">{WEBHOOK_TEXTS.took(result.ms)}</p>
              {result.reply ? (
                <p className="whitespace-pre-wrap">{replySummary(result.reply, result.replyFields)}</p>
              ) : null}
              <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-slate-100 p-3 text-xs">
                {WEBHOOK_TEXTS.response(result.body)}
              </pre>
            </>
          )}
        </div>
      )}
    </Card>
  );
}

export function meta() {
  return [{ title: adminTitle(WEBHOOK_TEXTS.heading) }];
}
