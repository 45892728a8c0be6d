import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { z } from "zod";
import { useIsSubmitting } from "~/components/admin/pending";
import { SERVICE_TEXTS } from "~/copy/admin";
import { Button, ButtonLink } from "~/components/ui/button";
import { CheckboxField, ErrorList, Field, TextareaField } from "~/components/ui/field";
import { KNOWN_CATEGORIES } from "~/lib/categories";
import type { Service } from "~/db/schema";
import { amount, checkbox, httpUrl, required } from "~/routes/admin/+shared/form-schemas";

export const ServiceEditorSchema = z.object({
  name: required("Name", 200),
  category: required("Category", 60)
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Category must be lowercase words joined by dashes, like ai-automation"),
  description: required("Description", 5000),
  setupPrice: amount("Setup price"),
  monthlyPrice: amount("Monthly price"),
  imageUrl: httpUrl("Image URL").optional(),
  isActive: checkbox(),
  featured: checkbox(),
});

export const SERVICES_PATH = "/admin/services";

/** The create and edit form: one component for both routes (and one action, service-editor.server.ts). */
export function ServiceEditor({
  service,
  lastResult,
}: {
  service?: Pick<
    Service,
    "name" | "category" | "description" | "setupPrice" | "monthlyPrice" | "imageUrl" | "isActive" | "featured"
  >;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const submitting = useIsSubmitting();
  const [form, fields] = useForm({
    id: "service-editor",
    lastResult,
    constraint: getZodConstraint(ServiceEditorSchema),
    shouldRevalidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ServiceEditorSchema }),
    // The spec's defaults for a new service: active on, featured off.
    defaultValue: service ? { ...service, imageUrl: service.imageUrl ?? "" } : { isActive: true, featured: false },
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <Field label="Name" errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
      <Field
        label="Category"
        hint="Lowercase words joined by dashes. Pick one of the usual categories or type a new one."
        errors={fields.category.errors}
        inputProps={{
          ...getInputProps(fields.category, { type: "text" }),
          list: "service-categories",
          autoComplete: "off",
        }}
      />
      <datalist id="service-categories">
        {KNOWN_CATEGORIES.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <TextareaField
        label="Description"
        errors={fields.description.errors}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Setup price ($)"
          errors={fields.setupPrice.errors}
          inputProps={{
            ...getInputProps(fields.setupPrice, { type: "number" }),
            min: 0,
            step: "0.01",
            placeholder: SERVICE_TEXTS.setupPlaceholder,
            inputMode: "decimal",
          }}
        />
        <Field
          label="Monthly price ($)"
          errors={fields.monthlyPrice.errors}
          inputProps={{
            ...getInputProps(fields.monthlyPrice, { type: "number" }),
            min: 0,
            step: "0.01",
            placeholder: SERVICE_TEXTS.monthlyPlaceholder,
            inputMode: "decimal",
          }}
        />
      </div>
      <Field
        label="Image URL (optional)"
        errors={fields.imageUrl.errors}
        inputProps={{ ...getInputProps(fields.imageUrl, { type: "url" }), placeholder: "https://" }}
      />
      <div className="flex flex-wrap gap-6">
        <CheckboxField
          label="Active"
          errors={fields.isActive.errors}
          inputProps={getInputProps(fields.isActive, { type: "checkbox" })}
        />
        <CheckboxField
          label="Featured"
          errors={fields.featured.errors}
          inputProps={getInputProps(fields.featured, { type: "checkbox" })}
        />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex justify-end gap-2 pt-2">
        <ButtonLink to={SERVICES_PATH} variant="secondary" preventScrollReset>
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={submitting}>
          {service ? "Update Service" : "Create Service"}
        </Button>
      </div>
    </Form>
  );
}
