import { z } from "zod";
import { InputField, SettingsScreen, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { FormSection } from "~/components/admin/form-section";
import { SecretField } from "~/components/admin/secret-field";
import { TOASTS } from "~/copy/admin";
import { requireSuperAdmin } from "~/middleware/admin-guard.server";
import { getIntegrations, saveIntegrations } from "~/models/integrations.server";
import { optionalText } from "./+shared/form-schemas";
import { failure, saveForm } from "./+shared/save-form.server";
import type { Route } from "./+types/integrations";

const IntegrationsSchema = z.object({
  stripePublishableKey: optionalText("Stripe publishable key", 300),
  stripeSecretKey: optionalText("Stripe secret key", 300),
  paypalClientId: optionalText("PayPal client ID", 300),
  voiceAgentEmbedCode: optionalText("Voice agent embed code", 20_000),
  airtableToken: optionalText("Airtable token", 300),
  airtableBaseId: optionalText("Airtable base ID", 100),
  airtableTableId: optionalText("Airtable table ID", 100),
  customCss: optionalText("Custom CSS", 50_000),
  customJs: optionalText("Custom JavaScript", 50_000),
});

type IntegrationsForm = z.infer<typeof IntegrationsSchema>;

// Keys and tokens an owner would call secret: masked on screen, never sent to public pages.
const SECRET_FIELDS = { stripeSecretKey: "Stripe secret key", airtableToken: "Airtable token" } as const;

const INTEGRATIONS_PATH = "/admin/integrations";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireSuperAdmin(context);
  const revealed = new URL(request.url).searchParams.get("reveal") === "1";
  return { integrations: await getIntegrations(), revealed };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSuperAdmin(context);
  return saveForm(context, await request.formData(), {
    schema: IntegrationsSchema,
    async save(value) {
      const values = Object.fromEntries(
        Object.keys(IntegrationsSchema.shape).map((key) => [key, value[key as keyof IntegrationsForm] ?? null]),
      ) as { [K in keyof IntegrationsForm]-?: string | null };
      await saveIntegrations(values);
      return { redirectTo: INTEGRATIONS_PATH, toast: TOASTS.integrationsUpdated };
    },
    failed: (error) => failure(error, TOASTS.integrationsUpdateError),
  });
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const { integrations, revealed } = loaderData;
  const [form, fields] = useSchemaForm(IntegrationsSchema, {
    id: "integrations",
    lastResult: actionData?.result,
    defaultValue: Object.fromEntries(Object.entries(integrations ?? {}).map(([key, value]) => [key, value ?? ""])),
  });
  const revealHref = revealed ? INTEGRATIONS_PATH : `${INTEGRATIONS_PATH}?reveal=1`;
  const text = (name: keyof IntegrationsForm, label: string) => (
    <InputField label={label} field={fields[name]} type="text" spellCheck={false} />
  );
  const secret = (name: keyof typeof SECRET_FIELDS) => (
    <SecretField label={SECRET_FIELDS[name]} field={fields[name]} revealed={revealed} revealHref={revealHref} />
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
    <SettingsScreen
      title="Integrations"
      description="Payment, data and voice-agent keys, and custom code for the public pages. Only super admins see this page."
      form={form}
      submitLabel="Save Integrations"
    >
      <FormSection title="Payments">
        {text("stripePublishableKey", "Stripe publishable key")}
        {secret("stripeSecretKey")}
        {text("paypalClientId", "PayPal client ID")}
      </FormSection>
      <FormSection title="Airtable">
        {secret("airtableToken")}
        {text("airtableBaseId", "Airtable base ID")}
        {text("airtableTableId", "Airtable table ID")}
      </FormSection>
      <FormSection title="Public pages" description="This code runs on every public page: paste only code you trust.">
        {code(
          "voiceAgentEmbedCode",
          "Voice agent embed code",
          "The HTML snippet of your voice agent; shown on every public page when set.",
        )}
        {code("customCss", "Custom CSS", "Added to every public page.")}
        {code("customJs", "Custom JavaScript", "Run on every public page.")}
      </FormSection>
    </SettingsScreen>
  );
}

export function meta() {
  return [{ title: "Integrations | Admin Panel" }];
}
