import type { ComponentProps } from "react";
import { z } from "zod";

import { SettingsScreen, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { FormSection } from "~/components/admin/form-section";
import { adminTitle, LEGAL_TEXTS, TOASTS } from "~/copy/admin";
import { changedFields } from "~/lib/audit";
import { readForm } from "~/lib/read-form.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordAudit } from "~/models/audit-log.server";
import { getSiteSettings, updateSiteSettings } from "~/models/site-settings.server";
import { legalMarkdown } from "~/services/legal.server";

import { optionalText } from "./+shared/form-schemas";
import { failure, saveForm } from "./+shared/save-form.server";
import type { Route } from "./+types/legal";

const MAX_LEGAL_CHARS = 50_000;

const LegalSchema = z.object({
  privacyPolicy: optionalText(LEGAL_TEXTS.privacy, MAX_LEGAL_CHARS),
  terms: optionalText(LEGAL_TEXTS.terms, MAX_LEGAL_CHARS),
});

// The admin edits the text the page shows now: the template until they change it.
export async function loader() {
  const settings = await getSiteSettings();
  return { privacyPolicy: await legalMarkdown("privacy", settings), terms: await legalMarkdown("terms", settings) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveForm(context, await readForm(request), {
    schema: LegalSchema,
    async save(value) {
      const before = await getSiteSettings();
      // A text left as the template (or emptied) is stored as null, so the template keeps
      // following the settings: a changed retention period shows at once.
      const stored = async (kind: "privacy" | "terms", text: string | undefined) => {
        const template = await legalMarkdown(kind, { ...before, privacyPolicy: null, terms: null });
        return !text || normalise(text) === normalise(template) ? null : text;
      };
      const after = {
        privacyPolicy: await stored("privacy", value.privacyPolicy),
        terms: await stored("terms", value.terms),
      };
      await updateSiteSettings(after);
      for (const field of changedFields(before, after)) {
        await recordAudit({
          actor: getAdmin(context),
          action: "legal.updated",
          target: field === "terms" ? "terms and conditions" : "privacy policy",
        });
      }
      return { redirectTo: "/admin/legal", toast: TOASTS.legalUpdated };
    },
    failed: (error) => failure(error, TOASTS.legalUpdateError),
  });
}

// A textarea posts CRLF line ends and the zod schema trims.
const normalise = (text: string) => text.replace(/\r\n/g, "\n").trim();

export default function Legal({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(LegalSchema, {
    id: "legal-texts",
    lastResult: actionData?.result,
    defaultValue: loaderData,
  });
  return (
    <SettingsScreen
      title={LEGAL_TEXTS.heading}
      description={LEGAL_TEXTS.description}
      form={form}
      submitLabel={LEGAL_TEXTS.save}
    >
      <LegalSection title={LEGAL_TEXTS.privacy} path="/privacy" field={fields.privacyPolicy} rows={18} />
      <LegalSection title={LEGAL_TEXTS.terms} path="/terms" field={fields.terms} rows={14} />
    </SettingsScreen>
  );
}

function LegalSection({
  title,
  path,
  field,
  rows,
}: {
  title: string;
  path: string;
  field: ComponentProps<typeof TextField>["field"];
  rows: number;
}) {
  return (
    <FormSection title={title} description={LEGAL_TEXTS.shownAt(path)}>
      <TextField
        className="sm:col-span-2"
        label={title}
        field={field}
        rows={rows}
        textareaClassName="font-mono text-xs"
      />
    </FormSection>
  );
}

export function meta() {
  return [{ title: adminTitle(LEGAL_TEXTS.heading) }];
}
