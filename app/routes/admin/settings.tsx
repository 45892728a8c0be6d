import { z } from "zod";

import {
  CheckField,
  ChoiceField,
  InputField,
  NumberField,
  SettingsScreen,
  TextField,
  useSchemaForm,
} from "~/components/admin/form-fields";
import { FormSection } from "~/components/admin/form-section";
import { ImageField } from "~/components/admin/image-field";
import { LiveChatSettings, liveHoursInputs } from "~/components/admin/live-chat-settings";
import { Options } from "~/components/admin/options";
import { SwitchField } from "~/components/admin/switch-field";
import { adminTitle, PAYMENT_SETTINGS_TEXTS, SETTINGS_TEXTS as TEXTS, TOASTS } from "~/copy/admin";
import { IMAGE_FIELD_TEXTS } from "~/copy/images";
import { MONTHLY_SUMMARY_TEXTS } from "~/copy/insights";
import { VISIT_SETTINGS_TEXTS } from "~/copy/visits";
import { changedFields } from "~/lib/audit";
import { CHAT_SETTINGS_LIMITS } from "~/lib/chat";
import { supportEmailAfterRename } from "~/lib/company-name";
import { PAYMENT_TIMINGS, WEBHOOK_IP_MODES } from "~/lib/domain";
import { liveChatSettingsFields, liveChatSettingsValues } from "~/lib/handoff-schema";
import { isCurrencyCode } from "~/lib/pricing";
import { readForm } from "~/lib/read-form.server";
import { isHexColor } from "~/lib/theme";
import { serverTimeZone } from "~/lib/zoned-day";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordAudit } from "~/models/audit-log.server";
import { getSiteSettings, saveSiteSettings } from "~/models/site-settings.server";
import { imageFieldValue } from "~/services/images.server";

import { checkbox, email, httpUrl, imageFile, imageUrl, optionalText, required } from "./+shared/form-schemas";
import { failure, imageRefused, saveForm } from "./+shared/save-form.server";
import { refusedWebhookUrl } from "./+shared/webhook-url.server";
import type { Route } from "./+types/settings";

const hexColor = (label: string) => z.string().trim().refine(isHexColor, TEXTS.notHexColor(label)).optional();

/** A whole number of `units` ([one, many]) within the bounds, its errors naming `label`. */
const wholeNumber = (label: string, units: readonly [string, string], { min, max }: { min: number; max: number }) =>
  z
    .number({ error: TEXTS.wholeNumber.notNumber(label, units) })
    .int(TEXTS.wholeNumber.notWhole(label, units))
    .min(min, TEXTS.wholeNumber.tooSmall(label, min, units))
    .max(max, TEXTS.wholeNumber.tooLarge(label, max, units));

const retentionMonths = (label: string) => wholeNumber(label, TEXTS.units.months, { min: 1, max: 120 });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const SettingsSchema = z.object({
  companyName: required(TEXTS.companyName, 120),
  workflowToolName: required(TEXTS.workflowToolName, 60),
  homepageHeadline: required(TEXTS.homepageHeadline, 200),
  homepageSubtext: required(TEXTS.homepageSubtext, 1000),
  supportEmail: email(TEXTS.supportEmail),
  whatsappNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ().-]{4,24}$/, TEXTS.whatsappInvalid)
    .optional(),
  messengerLink: httpUrl(TEXTS.messengerLink).optional(),
  businessAddress: optionalText(TEXTS.businessAddress, 300),
  logoUrl: imageUrl(TEXTS.logoUrl),
  logoFile: imageFile(),
  faviconUrl: imageUrl(TEXTS.faviconUrl),
  faviconFile: imageFile(),
  primaryColor: hexColor(TEXTS.primaryColor),
  secondaryColor: hexColor(TEXTS.secondaryColor),
  chatWebhookUrl: httpUrl(TEXTS.chatWebhookUrl).optional(),
  // Optional: a form posted without them (an older client) leaves them as they are.
  chatRetentionMonths: retentionMonths(TEXTS.chatRetentionName).optional(),
  contactRetentionMonths: retentionMonths(TEXTS.contactRetentionName).optional(),
  webhookIpMode: z.enum(WEBHOOK_IP_MODES, { error: TEXTS.ipModeInvalid }).optional(),
  timeZone: z.string().trim().refine(isTimeZone, TEXTS.timeZoneInvalid).optional(),
  chatConversationHours: wholeNumber(
    TEXTS.conversationHoursName,
    TEXTS.units.hours,
    CHAT_SETTINGS_LIMITS.conversationHours,
  ).optional(),
  chatReplyDeadlineSeconds: wholeNumber(
    TEXTS.replyDeadlineName,
    TEXTS.units.seconds,
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
          TEXTS.starterPromptTooLong(CHAT_SETTINGS_LIMITS.starterPromptChars),
        )
        .optional(),
    )
    .max(CHAT_SETTINGS_LIMITS.starterPrompts, TEXTS.tooManyStarterPrompts(CHAT_SETTINGS_LIMITS.starterPrompts))
    .transform((prompts) => prompts.filter((prompt): prompt is string => Boolean(prompt)))
    .optional(),
  // Optional like the chat's: a form posted without them leaves them as they are.
  currency: z.string().trim().toUpperCase().refine(isCurrencyCode, PAYMENT_SETTINGS_TEXTS.currencyInvalid).optional(),
  paymentTiming: z.enum(PAYMENT_TIMINGS, { error: PAYMENT_SETTINGS_TEXTS.timingInvalid }).optional(),
  // A checkbox is absent when unticked: the hidden countVisitsShown tells "off" from a form
  // posted without the field, which leaves the setting as it is.
  countVisits: z.boolean().default(false),
  countVisitsShown: z.boolean().default(false),
  // A checkbox: absent from the form when off.
  monthlySummaryEmail: checkbox(),
  ...liveChatSettingsFields,
});

/** The form's four prompt inputs: the saved prompts, then empty ones. */
function starterPromptInputs(prompts: string[]): string[] {
  return Array.from({ length: CHAT_SETTINGS_LIMITS.starterPrompts }, (_, index) => prompts[index] ?? "");
}

export async function loader() {
  return { settings: await getSiteSettings(), serverTimeZone: serverTimeZone() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveForm(context, await readForm(request), {
    schema: SettingsSchema,
    async save({ logoFile, faviconFile, ...value }) {
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
      const {
        countVisitsShown,
        liveChat: _liveChat,
        chatLiveHours: _hours,
        chatPresenceRequired: _presence,
        ...fields
      } = value;
      const logo = await imageFieldValue(logoFile, value.logoUrl);
      if ("error" in logo) return imageRefused(logo.error, TOASTS.settingsUpdateError, "logoFile");
      const favicon = await imageFieldValue(faviconFile, value.faviconUrl, "favicon");
      if ("error" in favicon) return imageRefused(favicon.error, TOASTS.settingsUpdateError, "faviconFile");
      const after = {
        ...fields,
        ...liveChatSettingsValues(value),
        countVisits: countVisitsShown ? value.countVisits : before.countVisits,
        supportEmail: supportEmailAfterRename(before, value),
        whatsappNumber: value.whatsappNumber ?? null,
        messengerLink: value.messengerLink ?? null,
        businessAddress: value.businessAddress ?? null,
        logoUrl: logo.url,
        faviconUrl: favicon.url,
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
      chatLiveHours: liveHoursInputs(settings.chatLiveHours),
      chatPresenceRequired: settings.chatPresenceRequired,
    },
  });
  const promptFields = fields.chatStarterPrompts.getFieldList();
  return (
    <SettingsScreen
      title={TEXTS.heading}
      description={TEXTS.description}
      form={form}
      submitLabel={TEXTS.submit}
      encType="multipart/form-data"
    >
      <FormSection title={TEXTS.company}>
        <InputField label={TEXTS.companyName} field={fields.companyName} />
        <InputField
          label={TEXTS.workflowToolName}
          field={fields.workflowToolName}
          placeholder={TEXTS.workflowToolPlaceholder}
        />
      </FormSection>
      <FormSection title={TEXTS.homePage}>
        <div className="sm:col-span-2">
          <InputField label={TEXTS.homepageHeadline} field={fields.homepageHeadline} />
        </div>
        <TextField className="sm:col-span-2" label={TEXTS.homepageSubtext} field={fields.homepageSubtext} rows={3} />
      </FormSection>
      <FormSection title={TEXTS.contact}>
        <InputField label={TEXTS.supportEmail} field={fields.supportEmail} type="email" autoComplete="email" />
        <InputField
          label={TEXTS.whatsappNumber}
          field={fields.whatsappNumber}
          type="tel"
          placeholder={TEXTS.whatsappPlaceholder}
        />
        <InputField
          label={TEXTS.messengerLink}
          field={fields.messengerLink}
          type="url"
          placeholder={TEXTS.messengerPlaceholder}
        />
        <InputField label={TEXTS.businessAddress} field={fields.businessAddress} />
      </FormSection>
      <FormSection title={TEXTS.branding} description={TEXTS.brandingDescription}>
        <ImageField
          url={fields.logoUrl}
          file={fields.logoFile}
          urlLabel={TEXTS.logoUrl}
          fileLabel={IMAGE_FIELD_TEXTS.logo}
        />
        <ImageField
          url={fields.faviconUrl}
          file={fields.faviconFile}
          urlLabel={TEXTS.faviconUrl}
          fileLabel={IMAGE_FIELD_TEXTS.favicon}
          favicon
        />
        <ColorField label={TEXTS.primaryColor} field={fields.primaryColor} />
        <ColorField label={TEXTS.secondaryColor} field={fields.secondaryColor} />
      </FormSection>
      <FormSection title={TEXTS.chat} description={TEXTS.chatDescription}>
        <div className="sm:col-span-2">
          <InputField
            label={TEXTS.chatWebhookUrl}
            field={fields.chatWebhookUrl}
            type="url"
            placeholder={TEXTS.chatWebhookPlaceholder}
          />
        </div>
        <NumberField
          label={TEXTS.conversationHoursLabel}
          field={fields.chatConversationHours}
          min={CHAT_SETTINGS_LIMITS.conversationHours.min}
          max={CHAT_SETTINGS_LIMITS.conversationHours.max}
          hint={TEXTS.conversationHoursHint}
        />
        <NumberField
          label={TEXTS.replyDeadlineLabel}
          field={fields.chatReplyDeadlineSeconds}
          min={CHAT_SETTINGS_LIMITS.replyDeadlineSeconds.min}
          max={CHAT_SETTINGS_LIMITS.replyDeadlineSeconds.max}
          hint={TEXTS.replyDeadlineHint}
        />
        {promptFields.map((field, index) => (
          <InputField
            key={field.key}
            label={TEXTS.starterPrompt(index + 1)}
            field={field}
            maxLength={CHAT_SETTINGS_LIMITS.starterPromptChars}
            placeholder={index === 0 ? TEXTS.starterPromptPlaceholder : undefined}
            hint={index === 0 ? TEXTS.starterPromptHint : undefined}
          />
        ))}
      </FormSection>
      <LiveChatSettings
        hours={fields.chatLiveHours}
        presenceRequired={fields.chatPresenceRequired}
        handBackMinutes={fields.chatHandBackMinutes}
        timeZone={settings.timeZone ?? serverTimeZone}
      />
      <FormSection title={TEXTS.privacy} description={TEXTS.privacyDescription}>
        <NumberField label={TEXTS.chatRetentionLabel} field={fields.chatRetentionMonths} min={1} max={120} />
        <NumberField label={TEXTS.contactRetentionLabel} field={fields.contactRetentionMonths} min={1} max={120} />
        <ChoiceField label={TEXTS.ipMode} field={fields.webhookIpMode}>
          <Options values={WEBHOOK_IP_MODES} label={(mode) => TEXTS.ipModes[mode]} />
        </ChoiceField>
        <InputField
          label={TEXTS.timeZone}
          field={fields.timeZone}
          placeholder={serverTimeZone}
          hint={TEXTS.timeZoneHint(serverTimeZone)}
        />
      </FormSection>
      <FormSection title={PAYMENT_SETTINGS_TEXTS.section} description={PAYMENT_SETTINGS_TEXTS.description}>
        <InputField
          label={PAYMENT_SETTINGS_TEXTS.currency}
          field={fields.currency}
          placeholder={TEXTS.currencyPlaceholder}
          maxLength={3}
          autoComplete="off"
          hint={PAYMENT_SETTINGS_TEXTS.currencyHint}
        />
        <ChoiceField label={PAYMENT_SETTINGS_TEXTS.timing} field={fields.paymentTiming}>
          <Options values={PAYMENT_TIMINGS} label={(timing) => PAYMENT_SETTINGS_TEXTS.timings[timing]} />
        </ChoiceField>
      </FormSection>
      <FormSection title={VISIT_SETTINGS_TEXTS.section} description={VISIT_SETTINGS_TEXTS.description}>
        <div className="sm:col-span-2">
          <input type="hidden" name={fields.countVisitsShown.name} value="on" />
          <CheckField label={VISIT_SETTINGS_TEXTS.countVisits} field={fields.countVisits} />
          <p className="mt-1 text-sm text-slate-500">{VISIT_SETTINGS_TEXTS.countVisitsHint}</p>
        </div>
      </FormSection>
      <FormSection title={MONTHLY_SUMMARY_TEXTS.section}>
        <div className="sm:col-span-2">
          <SwitchField label={MONTHLY_SUMMARY_TEXTS.setting} field={fields.monthlySummaryEmail} />
          <p className="mt-1 text-xs text-slate-500">{MONTHLY_SUMMARY_TEXTS.settingHint}</p>
        </div>
      </FormSection>
    </SettingsScreen>
  );
}

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
      <InputField
        className="flex-1"
        label={label}
        field={field}
        placeholder={TEXTS.colorPlaceholder}
        autoComplete="off"
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
  return [{ title: adminTitle(TEXTS.heading) }];
}
