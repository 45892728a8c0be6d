import { getCollectionProps, getFormProps, type SubmissionResult } from "@conform-to/react";
import { type ReactNode, useState } from "react";
import { Form } from "react-router";
import { z } from "zod";

import { FormFooter, InputField, useSchemaForm } from "~/components/admin/form-fields";
import { useIsSubmitting } from "~/components/admin/pending";
import { SwitchField } from "~/components/admin/switch-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { EVENT_WEBHOOK_TEXTS } from "~/copy/admin";
import { EVENT_TYPES, type EventType } from "~/lib/domain";
import { useHydrated } from "~/lib/hydrated";
import { checkbox, httpUrl, required } from "~/routes/admin/+shared/form-schemas";

import { WEBHOOKS_PATH } from "./webhook-editor";

export const EVENT_WEBHOOKS_NEW_PATH = `${WEBHOOKS_PATH}/events/new`;
export const eventWebhookEditPath = (id: string) => `${WEBHOOKS_PATH}/events/${id}/edit`;
export const eventWebhookLogPath = (id: string) => `${WEBHOOKS_PATH}/events/${id}/log`;
export const DELIVERIES_PATH = `${WEBHOOKS_PATH}/deliveries`;

// The URL follows the chat webhooks' rule (http or https); whether the address is public is checked
// on the server when saved (app/routes/admin/+shared/webhook-url.server.ts) and at each delivery, as for the chat webhooks.
export const EventWebhookEditorSchema = z.object({
  name: required(EVENT_WEBHOOK_TEXTS.name, 100),
  url: httpUrl(EVENT_WEBHOOK_TEXTS.url),
  events: z
    .array(z.enum(EVENT_TYPES, { error: EVENT_WEBHOOK_TEXTS.eventsRequired }))
    .min(1, EVENT_WEBHOOK_TEXTS.eventsRequired),
  isActive: checkbox(),
});

export function EventWebhookEditor({
  webhook,
  lastResult,
}: {
  webhook?: { name: string; url: string; events: EventType[]; isActive: boolean };
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const submitting = useIsSubmitting({ intent: webhook ? "save" : undefined });
  const [form, fields] = useSchemaForm(EventWebhookEditorSchema, {
    id: "event-webhook-editor",
    lastResult,
    // A new webhook: active, every event; the admin unticks what the workflow does not want.
    defaultValue: webhook
      ? { name: webhook.name, url: webhook.url, events: webhook.events, isActive: webhook.isActive }
      : { events: [...EVENT_TYPES], isActive: true },
  });
  const hintId = `${fields.events.id}-hint`;
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <InputField label={EVENT_WEBHOOK_TEXTS.name} field={fields.name} />
      <InputField
        label={EVENT_WEBHOOK_TEXTS.url}
        field={fields.url}
        type="url"
        placeholder={EVENT_WEBHOOK_TEXTS.urlPlaceholder}
      />
      <fieldset aria-describedby={hintId}>
        <legend className="mb-1 block text-sm font-medium text-slate-700">{EVENT_WEBHOOK_TEXTS.eventsLabel}</legend>
        <p id={hintId} className="mb-2 text-xs text-slate-500">
          {EVENT_WEBHOOK_TEXTS.eventsHint}
        </p>
        <div className="space-y-2">
          {getCollectionProps(fields.events, { type: "checkbox", options: [...EVENT_TYPES] }).map(
            ({ key, ...props }) => (
              <div key={key} className="flex items-start gap-2">
                <input {...props} className="mt-0.5 size-4 rounded border-slate-300 accent-brand" />
                <label htmlFor={props.id} className="text-sm text-slate-700">
                  <code className="font-mono text-xs text-slate-900">{props.value}</code>
                  <span className="block text-xs text-slate-500">
                    {EVENT_WEBHOOK_TEXTS.events[props.value as EventType]}
                  </span>
                </label>
              </div>
            ),
          )}
        </div>
        <ErrorList id={fields.events.errorId} errors={fields.events.errors} />
      </fieldset>
      <SwitchField label={EVENT_WEBHOOK_TEXTS.active} field={fields.isActive} />
      <FormFooter form={form} submitting={submitting} cancelTo={WEBHOOKS_PATH} intent={webhook ? "save" : undefined}>
        {webhook ? EVENT_WEBHOOK_TEXTS.updateSubmit : EVENT_WEBHOOK_TEXTS.createSubmit}
      </FormFooter>
    </Form>
  );
}

/** Rotate secret, on the edit form: a plain post, nothing is lost (the old secret signs on for 24 hours). */
export function RotateSecretForm({ previousValidUntil }: { previousValidUntil: string | null }) {
  const rotating = useIsSubmitting({ intent: "rotate" });
  return (
    <SecretSection
      id="signing-secret"
      title={EVENT_WEBHOOK_TEXTS.secretHeading}
      className="mt-6 border-t border-slate-200 pt-4"
    >
      <p className="mt-1 text-xs text-slate-500">{EVENT_WEBHOOK_TEXTS.rotateHint}</p>
      {previousValidUntil ? (
        <p className="mt-1 text-xs text-slate-600">{EVENT_WEBHOOK_TEXTS.previousValidUntil(previousValidUntil)}</p>
      ) : null}
      <Form method="post" className="mt-3">
        <Button type="submit" name="intent" value="rotate" variant="secondary" size="sm" disabled={rotating}>
          <Icon name="rotate-cw" className="size-4" />
          {EVENT_WEBHOOK_TEXTS.rotate}
        </Button>
      </Form>
    </SecretSection>
  );
}

/**
 * A signing secret just made (create, rotate), shown in full this once: rendered from the
 * action's answer, so it shows without JavaScript too, and never stored in a URL or a cookie.
 */
export function SecretOnce({ secret, rotated }: { secret: string; rotated: boolean }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <SecretSection id="new-secret" title={EVENT_WEBHOOK_TEXTS.secretLabel} className="space-y-3">
      <p className="text-sm text-slate-700">{EVENT_WEBHOOK_TEXTS.secretOnce}</p>
      {rotated ? <p className="text-sm text-slate-700">{EVENT_WEBHOOK_TEXTS.secretRotated}</p> : null}
      <pre
        tabIndex={0}
        aria-label={EVENT_WEBHOOK_TEXTS.secretHeading}
        className="rounded-lg bg-slate-900 p-3 text-sm break-all whitespace-pre-wrap text-slate-100"
      >
        <code>{secret}</code>
      </pre>
      <div className="flex justify-end gap-2">
        {/* Copying needs JavaScript; without it the secret is selected and copied by hand. */}
        {hydrated ? (
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard.writeText(secret).then(() => setCopied(true));
            }}
          >
            {copied ? <Icon name="check" className="size-4" /> : <Icon name="copy" className="size-4" />}
            <span aria-live="polite">{copied ? EVENT_WEBHOOK_TEXTS.copied : EVENT_WEBHOOK_TEXTS.copy}</span>
          </Button>
        ) : null}
        <ButtonLink to={WEBHOOKS_PATH} preventScrollReset>
          {EVENT_WEBHOOK_TEXTS.done}
        </ButtonLink>
      </div>
    </SecretSection>
  );
}

function SecretSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}
