import { z } from "zod";

import { CheckField, InputField, SettingsScreen, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { FormSection } from "~/components/admin/form-section";
import { SecretField } from "~/components/admin/secret-field";
import {
  adminTitle,
  INTEGRATIONS_TEXTS as T,
  PAYPAL_TEXTS,
  PAYPAL_WEBHOOK_EVENTS,
  STRIPE_WEBHOOK_EVENTS,
  STRIPE_WEBHOOK_TEXTS,
  TOASTS,
} from "~/copy/admin";
import { BOOKING_INTEGRATION_TEXTS as BOOKING } from "~/copy/booking";
import { changedFields } from "~/lib/audit";
import { readForm } from "~/lib/read-form.server";
import { siteOrigin } from "~/lib/site-url.server";
import { requireSuperAdmin } from "~/middleware/admin-guard.server";
import { recordAudit } from "~/models/audit-log.server";
import {
  getAdminIntegrations,
  type IntegrationsInput,
  saveIntegrations,
  type SecretIntegration,
} from "~/models/integrations.server";

import { httpUrl, optionalText } from "./+shared/form-schemas";
import { failure, saveForm } from "./+shared/save-form.server";
import type { Route } from "./+types/integrations";

const IntegrationsSchema = z.object({
  stripePublishableKey: optionalText(T.stripePublishableKey, 300),
  stripeSecretKey: optionalText(T.stripeSecretKey, 300),
  stripeWebhookSecret: optionalText(STRIPE_WEBHOOK_TEXTS.secretLabel, 300),
  paypalClientId: optionalText(PAYPAL_TEXTS.clientIdLabel, 300),
  paypalClientSecret: optionalText(PAYPAL_TEXTS.secretLabel, 300),
  paypalWebhookId: optionalText(PAYPAL_TEXTS.webhookIdLabel, 100),
  // An unticked checkbox sends nothing: off.
  paypalSandbox: z
    .literal("on")
    .optional()
    .transform((on) => on === "on"),
  voiceAgentEmbedCode: optionalText(T.voiceAgentEmbedCode, 20_000),
  airtableToken: optionalText(T.airtableToken, 300),
  airtableBaseId: optionalText(T.airtableBaseId, 100),
  airtableTableId: optionalText(T.airtableTableId, 100),
  customCss: optionalText(T.customCss, 50_000),
  customJs: optionalText(T.customJs, 50_000),
  bookingPageUrl: httpUrl(BOOKING.pageUrlLabel).optional(),
  calWebhookSecret: optionalText(BOOKING.secretLabel, 300),
  // A secret's field is write-only: left blank it keeps the stored value; this removes it.
  removeStripeSecretKey: z.literal("on").optional(),
  removeStripeWebhookSecret: z.literal("on").optional(),
  removePaypalClientSecret: z.literal("on").optional(),
  removeAirtableToken: z.literal("on").optional(),
  removeCalWebhookSecret: z.literal("on").optional(),
});

type IntegrationsForm = z.infer<typeof IntegrationsSchema>;

// Keys and tokens: write-only. The page shows their last four characters, never the value.
const SECRET_FIELDS = {
  stripeSecretKey: { label: T.stripeSecretKey, remove: "removeStripeSecretKey" },
  stripeWebhookSecret: { label: STRIPE_WEBHOOK_TEXTS.secretLabel, remove: "removeStripeWebhookSecret" },
  paypalClientSecret: { label: PAYPAL_TEXTS.secretLabel, remove: "removePaypalClientSecret" },
  airtableToken: { label: T.airtableToken, remove: "removeAirtableToken" },
  calWebhookSecret: { label: BOOKING.secretLabel, remove: "removeCalWebhookSecret" },
} as const satisfies Record<SecretIntegration, { label: string; remove: keyof IntegrationsForm }>;
const SECRET_NAMES = Object.keys(SECRET_FIELDS) as SecretIntegration[];
const REMOVE_NAMES = SECRET_NAMES.map((name) => SECRET_FIELDS[name].remove);

const INTEGRATIONS_PATH = "/admin/integrations";
const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";
const PAYPAL_WEBHOOK_PATH = "/webhooks/paypal";
const CAL_WEBHOOK_PATH = "/webhooks/cal";

export async function loader({ context }: Route.LoaderArgs) {
  requireSuperAdmin(context);
  // Stripe must reach the endpoint from outside: only SITE_URL names the public address for sure.
  const origin = siteOrigin();
  return {
    integrations: await getAdminIntegrations(),
    stripeWebhookEndpoint: origin ? `${origin}${STRIPE_WEBHOOK_PATH}` : null,
    paypalWebhookEndpoint: origin ? `${origin}${PAYPAL_WEBHOOK_PATH}` : null,
    calWebhookEndpoint: origin ? `${origin}${CAL_WEBHOOK_PATH}` : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = requireSuperAdmin(context);
  return saveForm(context, await readForm(request), {
    schema: IntegrationsSchema,
    // A secret typed into a form that is sent back for a correction is typed again, not echoed.
    hideFields: SECRET_NAMES,
    async save(value) {
      const plain = Object.fromEntries(
        Object.keys(IntegrationsSchema.shape)
          .filter((key) => !SECRET_NAMES.includes(key as SecretIntegration) && !REMOVE_NAMES.includes(key as never))
          .map((key) => [key, value[key as keyof IntegrationsForm] ?? null]),
      ) as Omit<IntegrationsInput, SecretIntegration>;
      const secrets = Object.fromEntries(
        SECRET_NAMES.map((name) => [name, value[SECRET_FIELDS[name].remove] ? null : (value[name] ?? undefined)]),
      );
      const before = await getAdminIntegrations();
      await saveIntegrations({ ...plain, ...secrets });
      // A secret counts as changed when one was typed or removed; the hints are never compared.
      const changedSecrets = SECRET_NAMES.filter((name) => secrets[name] !== undefined);
      await recordAudit({
        actor,
        action: "integrations.updated",
        details: { fields: [...changedFields(before, plain), ...changedSecrets] },
      });
      return { redirectTo: INTEGRATIONS_PATH, toast: TOASTS.integrationsUpdated };
    },
    failed: (error) => failure(error, TOASTS.integrationsUpdateError),
  });
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const { integrations, stripeWebhookEndpoint, paypalWebhookEndpoint, calWebhookEndpoint } = loaderData;
  const [form, fields] = useSchemaForm(IntegrationsSchema, {
    id: "integrations",
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(
      Object.entries(integrations ?? {})
        .filter(([key]) => !SECRET_NAMES.includes(key as SecretIntegration))
        .map(([key, value]) => [key, typeof value === "boolean" ? (value ? "on" : "") : (value ?? "")]),
    ),
  });
  const text = (name: keyof IntegrationsForm, label: string) => (
    <InputField label={label} field={fields[name]} spellCheck={false} />
  );
  const secret = (name: SecretIntegration) => (
    <SecretField
      label={SECRET_FIELDS[name].label}
      field={fields[name]}
      removeField={fields[SECRET_FIELDS[name].remove]}
      stored={integrations?.[name] ?? null}
    />
  );
  const code = (name: keyof IntegrationsForm, label: string, hint: string) => (
    <TextField
      className="sm:col-span-2"
      label={label}
      hint={hint}
      field={fields[name]}
      rows={5}
      spellCheck={false}
      textareaClassName="font-mono text-xs"
    />
  );
  return (
    <SettingsScreen title={T.title} description={T.description} form={form} submitLabel={T.submit}>
      <FormSection title={T.payments}>
        {text("stripePublishableKey", T.stripePublishableKey)}
        {secret("stripeSecretKey")}
        {secret("stripeWebhookSecret")}
        <StripeWebhookSetup endpoint={stripeWebhookEndpoint} />
        <PayPalSetup endpoint={paypalWebhookEndpoint} />
        {text("paypalClientId", PAYPAL_TEXTS.clientIdLabel)}
        {secret("paypalClientSecret")}
        {text("paypalWebhookId", PAYPAL_TEXTS.webhookIdLabel)}
        <CheckField field={fields.paypalSandbox} label={PAYPAL_TEXTS.sandboxLabel} />
      </FormSection>
      <FormSection title={BOOKING.section} description={BOOKING.sectionDescription}>
        <InputField
          className="sm:col-span-2"
          label={BOOKING.pageUrlLabel}
          hint={BOOKING.pageUrlHint}
          field={fields.bookingPageUrl}
          type="url"
          spellCheck={false}
        />
        {secret("calWebhookSecret")}
        <CalWebhookSetup endpoint={calWebhookEndpoint} />
      </FormSection>
      <FormSection title={T.airtable} description={T.airtableDescription}>
        {secret("airtableToken")}
        {text("airtableBaseId", T.airtableBaseId)}
        {text("airtableTableId", T.airtableTableId)}
      </FormSection>
      <FormSection title={T.publicPages} description={T.publicPagesDescription}>
        {code("voiceAgentEmbedCode", T.voiceAgentEmbedCode, T.voiceAgentHint)}
        {code("customCss", T.customCss, T.customCssHint)}
        {code("customJs", T.customJs, T.customJsHint)}
      </FormSection>
    </SettingsScreen>
  );
}

/** What to paste into Stripe's dashboard so that payments reach this site. */
function StripeWebhookSetup({ endpoint }: { endpoint: string | null }) {
  return (
    <div className="space-y-2 text-sm text-slate-700 sm:col-span-2">
      <p className="text-slate-600">{STRIPE_WEBHOOK_TEXTS.hint}</p>
      <p className="font-medium">{STRIPE_WEBHOOK_TEXTS.endpointLabel}</p>
      {endpoint ? (
        <code className="block break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs">{endpoint}</code>
      ) : (
        <p>{STRIPE_WEBHOOK_TEXTS.endpointUnknown}</p>
      )}
      <p className="font-medium">{STRIPE_WEBHOOK_TEXTS.eventsLabel}</p>
      <ul className="list-inside list-disc font-mono text-xs">
        {STRIPE_WEBHOOK_EVENTS.map((event) => (
          <li key={event}>{event}</li>
        ))}
      </ul>
    </div>
  );
}

/** What to set up in PayPal's dashboard so that payments reach this site. */
function PayPalSetup({ endpoint }: { endpoint: string | null }) {
  return (
    <div className="space-y-2 text-sm text-slate-700 sm:col-span-2">
      <p className="text-slate-600">{PAYPAL_TEXTS.hint}</p>
      <p className="font-medium">{PAYPAL_TEXTS.endpointLabel}</p>
      {endpoint ? (
        <code className="block break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs">{endpoint}</code>
      ) : (
        <p>{PAYPAL_TEXTS.endpointUnknown}</p>
      )}
      <p className="font-medium">{PAYPAL_TEXTS.eventsLabel}</p>
      <ul className="list-inside list-disc font-mono text-xs">
        {PAYPAL_WEBHOOK_EVENTS.map((event) => (
          <li key={event}>{event}</li>
        ))}
      </ul>
    </div>
  );
}

/** What to set up in Cal.com so that bookings reach this site. */
function CalWebhookSetup({ endpoint }: { endpoint: string | null }) {
  return (
    <div className="space-y-2 text-sm text-slate-700 sm:col-span-2">
      <p className="text-slate-600">{BOOKING.webhookHint}</p>
      <p className="font-medium">{BOOKING.endpointLabel}</p>
      {endpoint ? (
        <code className="block break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs">{endpoint}</code>
      ) : (
        <p>{BOOKING.endpointUnknown}</p>
      )}
    </div>
  );
}

export function meta() {
  return [{ title: adminTitle(T.title) }];
}
