import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { z } from "zod";
import { FormSection } from "~/components/admin/form-section";
import { PageHeader } from "~/components/admin/page-header";
import { useIsSubmitting } from "~/components/admin/pending";
import { TOASTS } from "~/copy/admin";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, TextareaField } from "~/components/ui/field";
import { isHexColor } from "~/lib/theme";
import { getSiteSettings, saveSiteSettings } from "~/models/site-settings.server";
import { email, httpUrl, optionalText, required } from "./+shared/form-schemas";
import { failure, saveForm } from "./+shared/save-form.server";
import type { Route } from "./+types/settings";

const hexColor = (label: string) =>
  z.string().trim().refine(isHexColor, `${label} must be a hex colour such as #4f46e5`).optional();

const SettingsSchema = z.object({
  companyName: required("Company name", 120),
  workflowToolName: required("Workflow tool name", 60),
  homepageHeadline: required("Homepage headline", 200),
  homepageSubtext: required("Homepage subtext", 1000),
  supportEmail: email("Support email"),
  whatsappNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ().-]{4,24}$/, "WhatsApp number must be a phone number such as +1 555 010 0100")
    .optional(),
  messengerLink: httpUrl("Messenger link").optional(),
  businessAddress: optionalText("Business address", 300),
  logoUrl: httpUrl("Logo URL").optional(),
  faviconUrl: httpUrl("Favicon URL").optional(),
  primaryColor: hexColor("Primary colour"),
  secondaryColor: hexColor("Secondary colour"),
  chatWebhookUrl: httpUrl("Chat webhook URL").optional(),
});

export async function loader() {
  return { settings: await getSiteSettings() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveForm(context, await request.formData(), {
    schema: SettingsSchema,
    async save(value) {
      await saveSiteSettings({
        ...value,
        whatsappNumber: value.whatsappNumber ?? null,
        messengerLink: value.messengerLink ?? null,
        businessAddress: value.businessAddress ?? null,
        logoUrl: value.logoUrl ?? null,
        faviconUrl: value.faviconUrl ?? null,
        primaryColor: value.primaryColor ?? null,
        secondaryColor: value.secondaryColor ?? null,
        chatWebhookUrl: value.chatWebhookUrl ?? null,
      });
      return { redirectTo: "/admin/settings", toast: TOASTS.settingsUpdated };
    },
    failed: (error) => failure(error, TOASTS.settingsUpdateError),
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const submitting = useIsSubmitting();
  const [form, fields] = useForm({
    id: "site-settings",
    lastResult: actionData?.result,
    constraint: getZodConstraint(SettingsSchema),
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SettingsSchema }),
    defaultValue: Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, value ?? ""])),
  });
  const text = (name: keyof typeof fields, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field
      label={label}
      errors={fields[name].errors}
      inputProps={{ ...getInputProps(fields[name], { type: "text" }), ...extra }}
    />
  );
  return (
    <>
      <PageHeader
        title="Site Settings"
        description="Company details, home page texts, contact channels and brand colours."
      />
      <Form method="post" className="space-y-6" {...getFormProps(form)}>
        <FormSection title="Company">
          {text("companyName", "Company name")}
          {text("workflowToolName", "Workflow tool name", { placeholder: "n8n" })}
        </FormSection>
        <FormSection title="Home page">
          <div className="sm:col-span-2">{text("homepageHeadline", "Homepage headline")}</div>
          <TextareaField
            className="sm:col-span-2"
            label="Homepage subtext"
            errors={fields.homepageSubtext.errors}
            textareaProps={{ ...getTextareaProps(fields.homepageSubtext), rows: 3 }}
          />
        </FormSection>
        <FormSection title="Contact">
          <Field
            label="Support email"
            errors={fields.supportEmail.errors}
            inputProps={{ ...getInputProps(fields.supportEmail, { type: "email" }), autoComplete: "email" }}
          />
          <Field
            label="WhatsApp number"
            errors={fields.whatsappNumber.errors}
            inputProps={{ ...getInputProps(fields.whatsappNumber, { type: "tel" }), placeholder: "+1 555 010 0100" }}
          />
          <Field
            label="Messenger link"
            errors={fields.messengerLink.errors}
            inputProps={{
              ...getInputProps(fields.messengerLink, { type: "url" }),
              placeholder: "https://m.me/yourpage",
            }}
          />
          {text("businessAddress", "Business address")}
        </FormSection>
        <FormSection title="Branding" description="Colours are hex values such as #4f46e5.">
          <Field
            label="Logo URL"
            errors={fields.logoUrl.errors}
            inputProps={{ ...getInputProps(fields.logoUrl, { type: "url" }), placeholder: "https://" }}
          />
          <Field
            label="Favicon URL"
            errors={fields.faviconUrl.errors}
            inputProps={{ ...getInputProps(fields.faviconUrl, { type: "url" }), placeholder: "https://" }}
          />
          <ColorField label="Primary colour" field={fields.primaryColor} />
          <ColorField label="Secondary colour" field={fields.secondaryColor} />
        </FormSection>
        <FormSection title="Chat" description="Chat messages go to the active webhooks first, then to this address.">
          <div className="sm:col-span-2">
            <Field
              label="Chat webhook URL"
              errors={fields.chatWebhookUrl.errors}
              inputProps={{
                ...getInputProps(fields.chatWebhookUrl, { type: "url" }),
                placeholder: "https://your-n8n.example/webhook/chat",
              }}
            />
          </div>
        </FormSection>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex justify-end">
          <Button type="submit" disabled={submitting}>
            Save Settings
          </Button>
        </div>
      </Form>
    </>
  );
}

function ColorField({
  label,
  field,
}: {
  label: string;
  field: Parameters<typeof getInputProps>[0] & { errors?: string[]; initialValue?: unknown };
}) {
  const initial =
    typeof field.initialValue === "string" && isHexColor(field.initialValue) ? field.initialValue : undefined;
  return (
    <div className="flex items-end gap-3">
      <Field
        className="flex-1"
        label={label}
        errors={field.errors}
        inputProps={{ ...getInputProps(field, { type: "text" }), placeholder: "#4f46e5", autoComplete: "off" }}
      />
      <span
        aria-hidden
        className="mb-1 size-8 shrink-0 rounded-md border border-slate-300"
        style={initial ? { backgroundColor: initial } : undefined}
      />
    </div>
  );
}

export function meta() {
  return [{ title: "Site Settings | Admin Panel" }];
}
