import { ChoiceLink } from "~/components/admin/choice-link";
import { PageHeader } from "~/components/admin/page-header";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { adminTitle, DELIVERY_LOG_TEXTS } from "~/copy/admin";
import { EMAIL_STATUS_TEXTS } from "~/copy/email";
import type { DeliveryChannel } from "~/lib/domain";
import { readPageRequest } from "~/lib/keyset";
import { readForm } from "~/lib/read-form.server";
import { DeliveryIdSchema, listDeliveryPage } from "~/models/event-webhooks.server";
import { readAirtableSync } from "~/models/integrations.server";
import { getSiteSettings, siteTimeZone } from "~/models/site-settings.server";
import { readIntent } from "~/routes/admin/+shared/route-helpers.server";
import { emailEnabled } from "~/services/outbox/channels.server";

import { DeliveryLog } from "./+shared/delivery-log";
import { backTo, redeliverAction } from "./+shared/delivery-log.server";
import { DELIVERIES_PATH } from "./+shared/event-webhook-editor";
import { WEBHOOKS_PATH } from "./+shared/webhook-editor";
import type { Route } from "./+types/deliveries";

// The site's own channels, as ?channel= names them: the two emails are one log.
const CHANNELS = {
  email: ["staff_email", "client_email"],
  airtable: ["airtable"],
} as const satisfies Record<string, readonly Exclude<DeliveryChannel, "webhook">[]>;
type ChannelFilter = keyof typeof CHANNELS;

/** An unknown or missing ?channel= is the email log, as an unknown cursor is the first page. */
function readChannel(request: Request): ChannelFilter {
  const channel = new URL(request.url).searchParams.get("channel");
  return channel === "airtable" ? "airtable" : "email";
}

async function channelOn(channel: ChannelFilter): Promise<boolean> {
  return channel === "email" ? emailEnabled() : (await readAirtableSync()) !== null;
}

/** Why nothing goes out on the channel: the worker cancels its deliveries while it is off. */
function offText(channel: ChannelFilter): string {
  return channel === "email" ? EMAIL_STATUS_TEXTS.off : DELIVERY_LOG_TEXTS.airtableOff;
}

export async function loader({ request }: Route.LoaderArgs) {
  const channel = readChannel(request);
  const url = new URL(request.url);
  const [page, settings, on] = await Promise.all([
    listDeliveryPage({ channels: CHANNELS[channel] }, readPageRequest(url.searchParams, DeliveryIdSchema)),
    getSiteSettings(),
    channelOn(channel),
  ]);
  return { channel, page, timeZone: siteTimeZone(settings), on };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  readIntent(formData, ["redeliver"]);
  const channel = readChannel(request);
  const on = await channelOn(channel);
  return redeliverAction(formData, { channels: CHANNELS[channel] }, backTo(request), () =>
    on ? null : offText(channel),
  );
}

export default function SiteDeliveries({ loaderData }: Route.ComponentProps) {
  const { channel, page, timeZone, on } = loaderData;
  const texts = DELIVERY_LOG_TEXTS;
  return (
    <>
      <PageHeader title={texts.siteHeading} description={texts.siteDescription}>
        <ButtonLink to={WEBHOOKS_PATH} variant="ghost">
          <Icon name="arrow-left" className="size-4" />
          {texts.back}
        </ButtonLink>
      </PageHeader>
      <nav aria-label={texts.channelFilter} className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(CHANNELS) as ChannelFilter[]).map((name) => (
          <ChoiceLink key={name} look="pill" to={`${DELIVERIES_PATH}?channel=${name}`} current={name === channel}>
            {texts.channels[name]}
          </ChoiceLink>
        ))}
      </nav>
      {on ? null : (
        <p role="status" className="mb-4 text-sm text-slate-600">
          {offText(channel)}
        </p>
      )}
      <DeliveryLog page={page} timeZone={timeZone} showChannel canRedeliver={() => on} />
    </>
  );
}

export function meta() {
  return [{ title: adminTitle(DELIVERY_LOG_TEXTS.siteHeading) }];
}
