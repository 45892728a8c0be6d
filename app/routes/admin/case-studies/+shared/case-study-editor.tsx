import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";

import {
  CheckField,
  FormFooter,
  InputField,
  PositionField,
  TextField,
  useSchemaForm,
} from "~/components/admin/form-fields";
import { ImageField } from "~/components/admin/image-field";
import { useIsSubmitting } from "~/components/admin/pending";
import { ErrorList } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/copy/admin";
import { CASE_STUDY_TEXTS as T, MAX_CASE_STUDY_RESULTS } from "~/copy/proof";
import type { CaseStudyResult } from "~/db/schema";
import { MAX_SLUG_LENGTH, parseTools, SLUG_PATTERN } from "~/lib/case-study";
import type { CaseStudyWithServices } from "~/models/case-studies.server";
import { checkbox, count, imageFile, optionalText, required } from "~/routes/admin/+shared/form-schemas";
import { imageAddress } from "~/routes/admin/+shared/proof-fields";

const ResultRowSchema = z
  .object({
    value: optionalText(T.resultValueName, 40),
    label: optionalText(T.resultLabelName, 80),
  })
  .optional();

export const CaseStudyEditorSchema = z.object({
  title: required(T.title, 200),
  // Empty: made from the title by the action (lib/case-study.ts, slugFromTitle).
  slug: optionalText(T.slug, MAX_SLUG_LENGTH)
    .transform((slug) => slug?.toLowerCase())
    .refine((slug) => slug === undefined || SLUG_PATTERN.test(slug), T.slugInvalid),
  clientName: required(T.clientName, 200),
  industry: required(T.industry, 100),
  problem: required(T.problem, 5000),
  solution: required(T.solution, 20000),
  results: z
    .array(ResultRowSchema)
    .max(MAX_CASE_STUDY_RESULTS)
    .default([])
    .superRefine((rows, context) => {
      rows.forEach((row, index) => {
        if (Boolean(row?.value) !== Boolean(row?.label)) {
          context.addIssue({
            code: "custom",
            path: [index, row?.value ? "label" : "value"],
            message: T.resultIncomplete,
          });
        }
      });
    })
    .transform((rows): CaseStudyResult[] =>
      rows.flatMap((row) => (row?.value && row.label ? [{ value: row.value, label: row.label }] : [])),
    ),
  tools: optionalText(T.tools, 500).transform(parseTools),
  coverImageUrl: imageAddress(T.coverImageName).optional(),
  coverImageFile: imageFile(),
  serviceIds: z.array(z.guid()).max(100).default([]),
  published: checkbox(),
  featured: checkbox(),
  position: count(COMMON_TEXTS.positionField).default(0),
});

export const CASE_STUDIES_PATH = "/admin/case-studies";

/** The create and edit form of a case study (its action: case-study-editor.server.ts). */
export function CaseStudyEditor({
  caseStudy,
  services,
  lastResult,
}: {
  caseStudy?: CaseStudyWithServices;
  services: { id: string; name: string }[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const submitting = useIsSubmitting();
  const results = Array.from(
    { length: MAX_CASE_STUDY_RESULTS },
    (_, index) => caseStudy?.results[index] ?? { value: "", label: "" },
  );
  const [form, fields] = useSchemaForm(CaseStudyEditorSchema, {
    id: "case-study-editor",
    lastResult,
    defaultValue: caseStudy
      ? {
          ...caseStudy,
          results,
          tools: caseStudy.tools.join(", "),
          coverImageUrl: caseStudy.coverImageUrl ?? "",
          position: caseStudy.position,
        }
      : { results, published: false, featured: false, position: 0 },
  });
  const chosen = new Set(caseStudy?.serviceIds ?? []);
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
      <InputField label={T.title} field={fields.title} />
      <InputField label={T.slug} hint={T.slugHint} field={fields.slug} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={T.clientName} field={fields.clientName} />
        <InputField label={T.industry} hint={T.industryHint} field={fields.industry} />
      </div>
      <TextField label={T.problem} field={fields.problem} rows={4} />
      <TextField label={T.solution} hint={T.solutionHint} field={fields.solution} rows={8} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">{T.resultsLegend}</legend>
        <p className="text-sm text-slate-600">{T.resultsHint}</p>
        {fields.results.getFieldList().map((row, index) => {
          const cells = row.getFieldset();
          return (
            <div key={row.key} className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <InputField label={T.resultValue(index + 1)} field={cells.value} />
              <InputField label={T.resultLabel(index + 1)} field={cells.label} />
            </div>
          );
        })}
        <ErrorList errors={fields.results.errors} />
      </fieldset>
      <InputField label={T.tools} hint={T.toolsHint} field={fields.tools} />
      <div>
        <p className="mb-2 text-sm text-slate-600">{T.coverImageHint}</p>
        <ImageField
          url={fields.coverImageUrl}
          file={fields.coverImageFile}
          urlLabel={T.coverImageUrl}
          fileLabel={T.coverImageUpload}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">{T.services}</legend>
        <p className="text-sm text-slate-600">{T.servicesHint}</p>
        {services.length === 0 ? <p className="text-sm text-slate-600">{T.noServices}</p> : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {services.map((service) => (
            <label key={service.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={fields.serviceIds.name}
                value={service.id}
                defaultChecked={chosen.has(service.id)}
                className="size-4 rounded border-slate-300 text-brand focus:ring-brand"
              />
              {service.name}
            </label>
          ))}
        </div>
        <ErrorList errors={fields.serviceIds.errors} />
      </fieldset>
      <PositionField field={fields.position} />
      <div className="flex flex-wrap gap-6">
        <CheckField label={T.publishedField} field={fields.published} />
        <CheckField label={T.featuredField} field={fields.featured} />
      </div>
      <FormFooter form={form} submitting={submitting} cancelTo={CASE_STUDIES_PATH}>
        {caseStudy ? T.updateSubmit : T.createSubmit}
      </FormFooter>
    </Form>
  );
}
