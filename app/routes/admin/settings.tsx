import { readForm } from "~/lib/read-form.server";
import { supportEmailAfterRename } from "~/lib/company-name";
import { z } from "zod";
import { ChoiceField, InputField, SettingsScreen, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { FormSection } from "~/components/admin/form-section";
import { PAYMENT_SETTINGS_TEXTS, TOASTS } from "~/copy/admin";
import { isHexColor } from "~/lib/theme";
import { CHAT_SETTINGS_LIMITS } from "~/lib/chat";
import { PAYMENT_TIMINGS, WEBHOOK_IP_MODES } from "~/lib/domain";
import { isCurrencyCode } from "~/lib/pricing";
import { changedFields } from "~/lib/audit";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordAudit } from "~/models/audit-log.server";
import { getSiteSettings, saveSiteSettings } from "~/models/site-settings.server";
import { email, httpUrl, optionalText, required } from "./+shared/form-schemas";
import { failure, saveForm } from "./+shared/save-form.server";
import { refusedWebhookUrl } from "./+shared/webhook-url.server";
import type { Route } from "./+types/settings";

const hexColor = (label: string) =>
  z.string().trim().refine(isHexColor, `${label} must be a hex colour such as #4f46e5`).optional();

const retentionMonths = (label: string) =>
  z
    .number({ error: `${label} must be a number of months` })
    .int(`${label} must be a whole number of months`)
    .min(1, `${label} must be at least 1 month`)
    .max(120, `${label} must be at most 120 months`);

/** A whole number of `units` ([one, many]) within the bounds, its errors naming `label`. */
const wholeNumber = (label: string, [one, many]: [string, string], { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number of ${many}` })
    .int(`${label} must be a whole number of ${many}`)
    .min(min, `${label} must be at least ${min} ${min === 1 ? one : many}`)
    .max(max, `${label} must be at most ${max} ${many}`);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

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
  // Optional: a form posted without them (an older client) leaves them as they are.
  chatRetentionMonths: retentionMonths("Keep chat conversations for").optional(),
  contactRetentionMonths: retentionMonths("Keep contact messages for").optional(),
  webhookIpMode: z
    .enum(WEBHOOK_IP_MODES, { error: "Choose what the chat webhooks receive of the visitor's address" })
    .optional(),
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, "Time zone must be an IANA name such as Europe/Berlin or America/New_York")
    .optional(),
  chatConversationHours: wholeNumber(
    "Conversation lifetime",
    ["hour", "hours"],
    CHAT_SETTINGS_LIMITS.conversationHours,
  ).optional(),
  chatReplyDeadlineSeconds: wholeNumber(
    "Reply deadline",
    ["second", "seconds"],
    CHAT_SETTINGS_LIMITS.replyDeadlineSeconds,
  ).optional(),
  // Four inputs; the empty ones are dropped. Posted without them, the prompts stay as they are.
  chatStarterPrompts: z
    .array(
      z
        .string()
        .trim()
        .max(
          CHAT_SETTINGS_LIMITS.starterPromptChars,
          `A starter prompt can be up to ${CHAT_SETTINGS_LIMITS.starterPromptChars} characters`,
        )
        .optional(),
    )
    .max(CHAT_SETTINGS_LIMITS.starterPrompts, `At most ${CHAT_SETTINGS_LIMITS.starterPrompts} starter prompts`)
    .transform((prompts) => prompts.filter((prompt): prompt is string => Boolean(prompt)))
    .optional(),
  // Optional like the chat's: a form posted without them leaves them as they are.
  currency: z.string().trim().toUpperCase().refine(isCurrencyCode, PAYMENT_SETTINGS_TEXTS.currencyInvalid).optional(),
  paymentTiming: z.enum(PAYMENT_TIMINGS, { error: PAYMENT_SETTINGS_TEXTS.timingInvalid }).optional(),
});

/** The form's four prompt inputs: the saved prompts, then empty ones. */
function starterPromptInputs(prompts: string[]): string[] {
  return Array.from({ length: CHAT_SETTINGS_LIMITS.starterPrompts }, (_, index) => prompts[index] ?? "");
}

export async function loader() {
  return { settings: await getSiteSettings(), serverTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveForm(context, await readForm(request), {
    schema: SettingsSchema,
    async save(value) {
      const before = await getSiteSettings();
      // Checked when it changes: a URL saved before the rule must not block every other setting.
      if ((value.chatWebhookUrl ?? null) !== before.chatWebhookUrl) {
        const refused = await refusedWebhookUrl(
          value.chatWebhookUrl,
          { message: TOASTS.settingsUpdateError },
          "chatWebhookUrl",
        );
        if (refused) return refused;
      }
      const after = {
        ...value,
        supportEmail: supportEmailAfterRename(before, value),
        whatsappNumber: value.whatsappNumber ?? null,
        messengerLink: value.messengerLink ?? null,
        businessAddress: value.businessAddress ?? null,
        logoUrl: value.logoUrl ?? null,
        faviconUrl: value.faviconUrl ?? null,
        primaryColor: value.primaryColor ?? null,
        secondaryColor: value.secondaryColor ?? null,
        chatWebhookUrl: value.chatWebhookUrl ?? null,
        timeZone: value.timeZone ?? null,
      };
      await saveSiteSettings(after);
      await recordAudit({
        actor: getAdmin(context),
        action: "settings.updated",
        details: { fields: changedFields(before, after) },
      });
      return { redirectTo: "/admin/settings", toast: TOASTS.settingsUpdated };
    },
    failed: (error) => failure(error, TOASTS.settingsUpdateError),
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, serverTimeZone } = loaderData;
  const [form, fields] = useSchemaForm(SettingsSchema, {
    id: "site-settings",
    lastResult: actionData?.result,
    defaultValue: {
      ...Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, value ?? ""])),
      chatStarterPrompts: starterPromptInputs(settings.chatStarterPrompts),
    },
  });
  const promptFields = fields.chatStarterPrompts.getFieldList();
  return (
    <SettingsScreen
      title="Site Settings"
      description="Company details, home page texts, contact channels and brand colours."
      form={form}
      submitLabel="Save Settings"
    >
      <FormSection title="Company">
        <InputField label="Company name" field={fields.companyName} type="text" />
        <InputField label="Workflow tool name" field={fields.workflowToolName} type="text" placeholder="n8n" />
      </FormSection>
      <FormSection title="Home page">
        <div className="sm:col-span-2">
          <InputField label="Homepage headline" field={fields.homepageHeadline} type="text" />
        </div>
        <TextField className="sm:col-span-2" label="Homepage subtext" field={fields.homepageSubtext} rows={3} />
      </FormSection>
      <FormSection title="Contact">
        <InputField label="Support email" field={fields.supportEmail} type="email" autoComplete="email" />
        <InputField label="WhatsApp number" field={fields.whatsappNumber} type="tel" placeholder="+1 555 010 0100" />
        <InputField
          label="Messenger link"
          field={fields.messengerLink}
          type="url"
          placeholder="https://m.me/yourpage"
        />
        <InputField label="Business address" field={fields.businessAddress} type="text" />
      </FormSection>
      <FormSection title="Branding" description="Colours are hex values such as #4f46e5.">
        <InputField label="Logo URL" field={fields.logoUrl} type="url" placeholder="https://" />
        <InputField label="Favicon URL" field={fields.faviconUrl} type="url" placeholder="https://" />
        <ColorField label="Primary colour" field={fields.primaryColor} />
        <ColorField label="Secondary colour" field={fields.secondaryColor} />
      </FormSection>
      <FormSection
        title="Chat"
        description="Chat messages go to the active webhooks first, then to this address, all within the reply deadline."
      >
        <div className="sm:col-span-2">
          <InputField
            label="Chat webhook URL"
            field={fields.chatWebhookUrl}
            type="url"
            placeholder="https://your-n8n.example/webhook/chat"
          />
        </div>
        <InputField
          label="Conversation lifetime (hours)"
          field={fields.chatConversationHours}
          type="number"
          min={CHAT_SETTINGS_LIMITS.conversationHours.min}
          max={CHAT_SETTINGS_LIMITS.conversationHours.max}
          hint="How long a visitor's conversation carries on across page loads."
        />
        <InputField
          label="Reply deadline (seconds)"
          field={fields.chatReplyDeadlineSeconds}
          type="number"
          min={CHAT_SETTINGS_LIMITS.replyDeadlineSeconds.min}
          max={CHAT_SETTINGS_LIMITS.replyDeadlineSeconds.max}
          hint="When no webhook has answered by then, the visitor gets the standard reply and an offer to leave their email."
        />
        {promptFields.map((field, index) => (
          <InputField
            key={field.key}
            label={`Starter prompt ${index + 1}`}
            field={field}
            type="text"
            maxLength={CHAT_SETTINGS_LIMITS.starterPromptChars}
            placeholder={index === 0 ? "How much does an automation cost?" : undefined}
            hint={index === 0 ? "Shown before the visitor's first message. Leave empty for none." : undefined}
          />
        ))}
      </FormSection>
      <FormSection
        title="Privacy"
        description="Old chat conversations and contact messages are deleted automatically; the privacy policy states these periods."
      >
        <InputField
          label="Keep chat conversations for (months)"
          field={fields.chatRetentionMonths}
          type="number"
          min={1}
          max={120}
        />
        <InputField
          label="Keep contact messages for (months)"
          field={fields.contactRetentionMonths}
          type="number"
          min={1}
          max={120}
        />
        <ChoiceField label="Visitor IP address sent to chat webhooks" field={fields.webhookIpMode}>
          {WEBHOOK_IP_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {IP_MODE_LABELS[mode]}
            </option>
          ))}
        </ChoiceField>
        <InputField
          label="Time zone"
          field={fields.timeZone}
          type="text"
          placeholder={serverTimeZone}
          hint={`For the Chats list and the footer's year. Empty: the server's (${serverTimeZone}).`}
        />
      </FormSection>
      <FormSection title={PAYMENT_SETTINGS_TEXTS.section} description={PAYMENT_SETTINGS_TEXTS.description}>
        <InputField
          label={PAYMENT_SETTINGS_TEXTS.currency}
          field={fields.currency}
          type="text"
          placeholder="USD"
          maxLength={3}
          autoComplete="off"
          hint={PAYMENT_SETTINGS_TEXTS.currencyHint}
        />
        <ChoiceField label={PAYMENT_SETTINGS_TEXTS.timing} field={fields.paymentTiming}>
          {PAYMENT_TIMINGS.map((timing) => (
            <option key={timing} value={timing}>
              {PAYMENT_SETTINGS_TEXTS.timings[timing]}
            </option>
          ))}
        </ChoiceField>
      </FormSection>
    </SettingsScreen>
  );
}

const IP_MODE_LABELS = {
  none: 'Nothing (sent as "unknown")',
  truncated: "Shortened (IPv4 /24, IPv6 /48)",
  full: "Full address",
} as const;

function ColorField({
  label,
  field,
}: {
  label: string;
  field: Parameters<typeof InputField>[0]["field"] & { initialValue?: unknown };
}) {
  const initial =
    typeof field.initialValue === "string" && isHexColor(field.initialValue) ? field.initialValue : undefined;
  return (
    <div className="flex items-end gap-3">
      <InputField className="flex-1" label={label} field={field} type="text" placeholder="#4f46e5" autoComplete="off" />
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
