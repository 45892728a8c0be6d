import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { z } from "zod";

import { InputField, SectionsForm, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { FormSection } from "~/components/admin/form-section";
import { Card, PageHeader } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { adminTitle, CONTENT_TEXTS, TOASTS } from "~/copy/admin";
import { changedFields } from "~/lib/audit";
import type { FaqItem } from "~/lib/domain";
import { readForm } from "~/lib/read-form.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { recordAudit } from "~/models/audit-log.server";
import { getSiteSettings, siteFaq, siteNextSteps, updateSiteSettings } from "~/models/site-settings.server";
import { onlinePaymentTiming } from "~/services/payments/stripe.server";
import { dataWithError, redirectWithSuccess } from "~/services/toast.server";

import { required } from "./+shared/form-schemas";
import { readIntent } from "./+shared/route-helpers.server";
import { failure, saveForm } from "./+shared/save-form.server";
import type { Route } from "./+types/content";

// The marketing copy the spec fixed and the admin may edit: the hero's figures, the
// footer's founded year, the order page's "What happens next?" steps and the Services page's FAQ.
// Every form is a plain post, so all of it works without JavaScript.

const CONTENT_PATH = "/admin/content";
const MAX_FAQ_ITEMS = 30;
const MAX_NEXT_STEPS = 10;

const CopySchema = z.object({
  stat1Value: required(CONTENT_TEXTS.stat1Value, 20),
  stat1Label: required(CONTENT_TEXTS.stat1Label, 60),
  stat2Value: required(CONTENT_TEXTS.stat2Value, 20),
  stat2Label: required(CONTENT_TEXTS.stat2Label, 60),
  stat3Value: required(CONTENT_TEXTS.stat3Value, 20),
  stat3Label: required(CONTENT_TEXTS.stat3Label, 60),
  foundedYear: z
    .number({ error: CONTENT_TEXTS.foundedYearInvalid })
    .int(CONTENT_TEXTS.foundedYearInvalid)
    .min(1900, CONTENT_TEXTS.foundedYearTooEarly)
    .max(2100, CONTENT_TEXTS.foundedYearTooLate),
  nextSteps: required(CONTENT_TEXTS.nextStepsLabel, 2000)
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((steps) => steps.length <= MAX_NEXT_STEPS, CONTENT_TEXTS.tooManySteps(MAX_NEXT_STEPS)),
});

const FaqItemSchema = z.object({
  question: required(CONTENT_TEXTS.question, 300),
  answer: required(CONTENT_TEXTS.answer, 3000),
});

const FaqIndexSchema = z.object({ index: z.number().int().min(0) });

export async function loader() {
  const settings = await getSiteSettings();
  return {
    heroStats: settings.heroStats,
    foundedYear: settings.foundedYear,
    // The steps the order page shows until edited: they depend on how payment is asked for.
    nextSteps: siteNextSteps(settings, await onlinePaymentTiming()),
    faq: siteFaq(settings),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = readIntent(formData, ["copy", "faq-add", "faq-save", "faq-up", "faq-down", "faq-remove"]);
  const actor = getAdmin(context);

  if (intent === "copy") {
    return saveForm(context, formData, {
      schema: CopySchema,
      extra: { intent },
      async save(value) {
        const before = await getSiteSettings();
        const after = {
          heroStats: [
            { value: value.stat1Value, label: value.stat1Label },
            { value: value.stat2Value, label: value.stat2Label },
            { value: value.stat3Value, label: value.stat3Label },
          ],
          foundedYear: value.foundedYear,
          nextSteps: value.nextSteps,
        };
        await updateSiteSettings(after);
        const shown = siteNextSteps(before, await onlinePaymentTiming());
        const fields = changedFields({ ...before, nextSteps: shown }, after);
        await recordAudit({ actor, action: "content.updated", details: { fields } });
        return { redirectTo: CONTENT_PATH, toast: TOASTS.contentUpdated };
      },
      failed: (error) => failure(error, TOASTS.contentUpdateError),
    });
  }

  const settings = await getSiteSettings();
  const faq = siteFaq(settings);
  const saveFaq = async (items: FaqItem[], change: string) => {
    await updateSiteSettings({ faq: items });
    await recordAudit({ actor, action: "content.updated", details: { fields: ["faq"], change } });
    return redirectWithSuccess(CONTENT_PATH, TOASTS.contentUpdated);
  };

  if (intent === "faq-add") {
    if (faq.length >= MAX_FAQ_ITEMS) {
      return dataWithError(context, { intent }, TOASTS.faqFull(MAX_FAQ_ITEMS), { status: 400 });
    }
    const submission = parseWithZod(formData, { schema: FaqItemSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    return saveFaq([...faq, submission.value], "added");
  }

  const at = parseWithZod(formData, { schema: FaqIndexSchema });
  // An index past the end: the list changed in another tab since this page was shown.
  if (at.status !== "success" || at.value.index >= faq.length) {
    return dataWithError(context, { intent }, TOASTS.faqChanged, { status: 409 });
  }
  const { index } = at.value;
  if (intent === "faq-save") {
    const submission = parseWithZod(formData, { schema: FaqItemSchema });
    if (submission.status !== "success") {
      return dataWithError(context, { intent }, TOASTS.faqInvalid, { status: 400 });
    }
    return saveFaq(
      faq.map((item, i) => (i === index ? submission.value : item)),
      "edited",
    );
  }
  if (intent === "faq-remove")
    return saveFaq(
      faq.filter((_, i) => i !== index),
      "removed",
    );
  const other = intent === "faq-up" ? index - 1 : index + 1;
  if (other < 0 || other >= faq.length) return dataWithError(context, { intent }, TOASTS.faqChanged, { status: 409 });
  const moved = [...faq];
  [moved[index], moved[other]] = [moved[other], moved[index]];
  return saveFaq(moved, "moved");
}

export default function Content({ loaderData, actionData }: Route.ComponentProps) {
  const { heroStats, foundedYear, nextSteps, faq } = loaderData;
  const [form, fields] = useSchemaForm(CopySchema, {
    id: "site-copy",
    lastResult: actionData?.intent === "copy" ? actionData.result : undefined,
    defaultValue: {
      stat1Value: heroStats[0]?.value ?? "",
      stat1Label: heroStats[0]?.label ?? "",
      stat2Value: heroStats[1]?.value ?? "",
      stat2Label: heroStats[1]?.label ?? "",
      stat3Value: heroStats[2]?.value ?? "",
      stat3Label: heroStats[2]?.label ?? "",
      foundedYear: String(foundedYear),
      nextSteps: nextSteps.join("\n"),
    },
  });
  const [addForm, addFields] = useSchemaForm(FaqItemSchema, {
    id: "faq-add",
    lastResult:
      actionData?.intent === "faq-add" && "result" in actionData
        ? (actionData.result as SubmissionResult<string[]>)
        : undefined,
  });
  return (
    <>
      <PageHeader title={CONTENT_TEXTS.heading} description={CONTENT_TEXTS.description} />
      <SectionsForm form={form} intent="copy" submitLabel={CONTENT_TEXTS.saveCopy}>
        <FormSection title={CONTENT_TEXTS.heroStats} description={CONTENT_TEXTS.heroStatsHint}>
          <InputField label={CONTENT_TEXTS.stat1Value} field={fields.stat1Value} />
          <InputField label={CONTENT_TEXTS.stat1Label} field={fields.stat1Label} />
          <InputField label={CONTENT_TEXTS.stat2Value} field={fields.stat2Value} />
          <InputField label={CONTENT_TEXTS.stat2Label} field={fields.stat2Label} />
          <InputField label={CONTENT_TEXTS.stat3Value} field={fields.stat3Value} />
          <InputField label={CONTENT_TEXTS.stat3Label} field={fields.stat3Label} />
        </FormSection>
        <FormSection title={CONTENT_TEXTS.footer}>
          <InputField
            label={CONTENT_TEXTS.foundedYear}
            field={fields.foundedYear}
            type="number"
            hint={CONTENT_TEXTS.foundedYearHint}
          />
        </FormSection>
        <FormSection title={CONTENT_TEXTS.nextSteps}>
          <TextField
            className="sm:col-span-2"
            label={CONTENT_TEXTS.nextStepsLabel}
            field={fields.nextSteps}
            rows={5}
            hint={CONTENT_TEXTS.nextStepsHint}
          />
        </FormSection>
      </SectionsForm>

      <section aria-labelledby="faq-admin-heading" className="mt-10">
        <h2 id="faq-admin-heading" className="mb-3 text-lg font-semibold">
          {CONTENT_TEXTS.faq}
        </h2>
        <ol className="space-y-3">
          {faq.map((item, index) => (
            <FaqRow key={index} item={item} index={index} count={faq.length} />
          ))}
        </ol>
        <Card className="mt-6" aria-labelledby="faq-add-heading">
          <h3 id="faq-add-heading" className="font-semibold">
            {CONTENT_TEXTS.addQuestion}
          </h3>
          <SectionsForm form={addForm} intent="faq-add" submitLabel={CONTENT_TEXTS.addQuestion}>
            <div className="grid gap-4">
              <InputField label={CONTENT_TEXTS.newQuestion} field={addFields.question} />
              <TextField label={CONTENT_TEXTS.newAnswer} field={addFields.answer} rows={3} />
            </div>
          </SectionsForm>
        </Card>
      </section>
    </>
  );
}

function FaqRow({ item, index, count }: { item: FaqItem; index: number; count: number }) {
  const number = index + 1;
  return (
    <Card as="li" aria-label={CONTENT_TEXTS.numberedQuestion(number)}>
      <Form method="post" action={CONTENT_PATH} preventScrollReset className="grid gap-3">
        <input type="hidden" name="index" value={index} />
        <Field
          label={CONTENT_TEXTS.numberedQuestion(number)}
          inputProps={{ name: "question", defaultValue: item.question, required: true, maxLength: 300 }}
        />
        <TextareaField
          label={CONTENT_TEXTS.numberedAnswer(number)}
          textareaProps={{ name: "answer", defaultValue: item.answer, required: true, maxLength: 3000, rows: 3 }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" name="intent" value="faq-up" variant="ghost" size="sm" disabled={index === 0}>
            <Icon name="arrow-up" className="size-4" />
            {CONTENT_TEXTS.moveUp}
            <span className="sr-only">{CONTENT_TEXTS.ofQuestion(number)}</span>
          </Button>
          <Button type="submit" name="intent" value="faq-down" variant="ghost" size="sm" disabled={index === count - 1}>
            <Icon name="arrow-down" className="size-4" />
            {CONTENT_TEXTS.moveDown}
            <span className="sr-only">{CONTENT_TEXTS.ofQuestion(number)}</span>
          </Button>
          <Button type="submit" name="intent" value="faq-remove" variant="secondary" size="sm" formNoValidate>
            <Icon name="trash-2" className="size-4" />
            {CONTENT_TEXTS.remove}
            <span className="sr-only">{CONTENT_TEXTS.ofQuestion(number)}</span>
          </Button>
          <Button type="submit" name="intent" value="faq-save" size="sm">
            {CONTENT_TEXTS.saveQuestion}
            <span className="sr-only"> {number}</span>
          </Button>
        </div>
      </Form>
    </Card>
  );
}

export function meta() {
  return [{ title: adminTitle(CONTENT_TEXTS.heading) }];
}
