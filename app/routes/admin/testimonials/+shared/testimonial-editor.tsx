import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";

import {
  CheckField,
  ChoiceField,
  FormFooter,
  InputField,
  PositionField,
  TextField,
  useSchemaForm,
} from "~/components/admin/form-fields";
import { ImageField } from "~/components/admin/image-field";
import { useIsSubmitting } from "~/components/admin/pending";
import { COMMON_TEXTS } from "~/copy/admin";
import { CLIENT_LOGO_TEXTS as L, TESTIMONIAL_TEXTS as T } from "~/copy/proof";
import type { ClientLogo, Testimonial } from "~/db/schema";
import { checkbox, count, imageFile, optionalText, required } from "~/routes/admin/+shared/form-schemas";
import { imageAddress } from "~/routes/admin/+shared/proof-fields";

// "About": one choice for what a testimonial is about, "case-study:<id>" or "service:<id>".
const ABOUT = /^(case-study|service):([0-9a-f-]{36})$/i;

export const TestimonialEditorSchema = z.object({
  quote: required(T.quote, 1000),
  name: required(T.name, 100),
  role: optionalText(T.roleName, 100),
  company: optionalText(T.companyName, 100),
  photoUrl: imageAddress(T.photoName).optional(),
  photoFile: imageFile(),
  about: z
    .string()
    .optional()
    .refine((about) => about === undefined || ABOUT.test(about), T.aboutInvalid),
  published: checkbox(),
  position: count(COMMON_TEXTS.positionField).default(0),
});

/** The about field's value as the two columns. */
export function readAbout(about: string | undefined): { caseStudyId: string | null; serviceId: string | null } {
  const match = about ? ABOUT.exec(about) : null;
  return {
    caseStudyId: match?.[1] === "case-study" ? match[2] : null,
    serviceId: match?.[1] === "service" ? match[2] : null,
  };
}

function aboutValue(testimonial: Pick<Testimonial, "caseStudyId" | "serviceId">): string {
  if (testimonial.caseStudyId) return `case-study:${testimonial.caseStudyId}`;
  if (testimonial.serviceId) return `service:${testimonial.serviceId}`;
  return "";
}

export const TESTIMONIALS_PATH = "/admin/testimonials";

export interface AboutChoices {
  caseStudies: { id: string; title: string }[];
  services: { id: string; name: string }[];
}

export function TestimonialEditor({
  testimonial,
  choices,
  lastResult,
}: {
  testimonial?: Testimonial;
  choices: AboutChoices;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const submitting = useIsSubmitting();
  const [form, fields] = useSchemaForm(TestimonialEditorSchema, {
    id: "testimonial-editor",
    lastResult,
    defaultValue: testimonial
      ? {
          quote: testimonial.quote,
          name: testimonial.name,
          role: testimonial.role ?? "",
          company: testimonial.company ?? "",
          photoUrl: testimonial.photoUrl ?? "",
          about: aboutValue(testimonial),
          published: testimonial.published,
          position: testimonial.position,
        }
      : { published: true, position: 0 },
  });
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
      <TextField label={T.quote} field={fields.quote} rows={4} />
      <InputField label={T.name} field={fields.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={T.role} field={fields.role} />
        <InputField label={T.company} field={fields.company} />
      </div>
      <ImageField url={fields.photoUrl} file={fields.photoFile} urlLabel={T.photoUrl} fileLabel={T.photoUpload} />
      <ChoiceField label={T.about} hint={T.aboutHint} field={fields.about}>
        <option value="">{T.aboutNothing}</option>
        {choices.caseStudies.map((caseStudy) => (
          <option key={caseStudy.id} value={`case-study:${caseStudy.id}`}>
            {T.aboutCaseStudy(caseStudy.title)}
          </option>
        ))}
        {choices.services.map((service) => (
          <option key={service.id} value={`service:${service.id}`}>
            {T.aboutService(service.name)}
          </option>
        ))}
      </ChoiceField>
      <PositionField field={fields.position} />
      <CheckField label={T.publishedField} field={fields.published} />
      <FormFooter form={form} submitting={submitting} cancelTo={TESTIMONIALS_PATH}>
        {testimonial ? T.updateSubmit : T.createSubmit}
      </FormFooter>
    </Form>
  );
}

export const ClientLogoEditorSchema = z.object({
  altText: required(L.altTextName, 100),
  // Required unless a file is uploaded: the action checks that one of the two is there.
  imageUrl: imageAddress(L.imageUrl).optional(),
  imageFile: imageFile(),
  position: count(COMMON_TEXTS.positionField).default(0),
});

export function ClientLogoEditor({
  logo,
  lastResult,
}: {
  logo?: ClientLogo;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const submitting = useIsSubmitting();
  const [form, fields] = useSchemaForm(ClientLogoEditorSchema, {
    id: "client-logo-editor",
    lastResult,
    defaultValue: logo ?? { position: 0 },
  });
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
      <InputField label={L.altText} field={fields.altText} />
      <div>
        <p className="mb-2 text-sm text-slate-600">{L.imageHint}</p>
        <ImageField url={fields.imageUrl} file={fields.imageFile} urlLabel={L.imageUrl} fileLabel={L.imageUpload} />
      </div>
      <PositionField field={fields.position} />
      <FormFooter form={form} submitting={submitting} cancelTo={TESTIMONIALS_PATH}>
        {logo ? L.updateSubmit : L.createSubmit}
      </FormFooter>
    </Form>
  );
}
