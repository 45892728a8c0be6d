import { Form } from "react-router";

import { PageHeader } from "~/components/admin/page-header";
import { useIsSubmitting } from "~/components/admin/pending";
import { Button, ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { adminTitle, DELIVERY_LOG_TEXTS, EVENT_WEBHOOK_TEXTS } from "~/copy/admin";
import { TEST_EVENT_TYPE } from "~/lib/domain";
import { readPageRequest } from "~/lib/keyset";
import { readForm } from "~/lib/read-form.server";
import { DeliveryIdSchema, getEventWebhook, listDeliveryPage } from "~/models/event-webhooks.server";
import { getSiteSettings, siteTimeZone } from "~/models/site-settings.server";
import { notFound, readIntent, requireId } from "~/routes/admin/+shared/route-helpers.server";

import { DeliveryLog } from "./+shared/delivery-log";
import { backTo, redeliverAction } from "./+shared/delivery-log.server";
import { testEventAction } from "./+shared/event-webhook-editor.server";
import { EventWebhookStatus } from "./+shared/event-webhook-status";
import { WEBHOOKS_PATH } from "./+shared/webhook-editor";
import type { Route } from "./+types/event-log";

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = requireId(params.eventWebhookId, "eventWebhook");
  const url = new URL(request.url);
  const [webhook, page, settings] = await Promise.all([
    getEventWebhook(id),
    listDeliveryPage({ eventWebhookId: id }, readPageRequest(url.searchParams, DeliveryIdSchema)),
    getSiteSettings(),
  ]);
  if (!webhook) notFound("eventWebhook");
  return { webhook, page, timeZone: siteTimeZone(settings) };
}

/** A webhook that is not active gets its test events only (app/services/outbox/event-webhook.server.ts). */
function whyNotSent(webhook: { isActive: boolean }, eventType: string): string | null {
  return webhook.isActive || eventType === TEST_EVENT_TYPE ? null : DELIVERY_LOG_TEXTS.webhookOff;
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = requireId(params.eventWebhookId, "eventWebhook");
  const formData = await readForm(request);
  const intent = readIntent(formData, ["redeliver", "test"]);
  if (intent === "test") return testEventAction(id, backTo(request));
  const webhook = await getEventWebhook(id);
  if (!webhook) notFound("eventWebhook");
  return redeliverAction(formData, { eventWebhookId: id }, backTo(request), (type) => whyNotSent(webhook, type));
}

export default function EventWebhookLog({ loaderData }: Route.ComponentProps) {
  const { webhook, page, timeZone } = loaderData;
  const testing = useIsSubmitting({ intent: "test" });
  return (
    <>
      <PageHeader title={DELIVERY_LOG_TEXTS.heading(webhook.name)} description={DELIVERY_LOG_TEXTS.description}>
        <ButtonLink to={WEBHOOKS_PATH} variant="ghost">
          <Icon name="arrow-left" className="size-4" />
          {DELIVERY_LOG_TEXTS.back}
        </ButtonLink>
        <Form method="post">
          <Button type="submit" name="intent" value="test" variant="secondary" disabled={testing}>
            <Icon name="send" className="size-4" />
            {EVENT_WEBHOOK_TEXTS.sendTest}
          </Button>
        </Form>
      </PageHeader>
      <div className="mb-6">
        <EventWebhookStatus webhook={webhook} withBadge />
        {webhook.isActive ? null : (
          <p role="status" className="mt-3 text-sm text-slate-600">
            {DELIVERY_LOG_TEXTS.webhookOff}
          </p>
        )}
      </div>
      <DeliveryLog
        page={page}
        timeZone={timeZone}
        showChannel={false}
        emptyDescription={DELIVERY_LOG_TEXTS.emptyDescription}
        canRedeliver={(delivery) => whyNotSent(webhook, delivery.eventType) === null}
      />
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.webhook.name;
  return [{ title: adminTitle(name ? DELIVERY_LOG_TEXTS.heading(name) : EVENT_WEBHOOK_TEXTS.log) }];
}
