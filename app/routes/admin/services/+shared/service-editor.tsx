import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";
import { useIsSubmitting } from "~/components/admin/pending";
import { SERVICE_TEXTS } from "~/copy/admin";
import { CheckField, FormFooter, InputField, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { categorySlug, KNOWN_CATEGORIES } from "~/lib/categories";
import { currencySymbol } from "~/lib/pricing";
import { useCurrency } from "~/components/site/use-site-settings";
import type { Service } from "~/db/schema";
import { amount, checkbox, httpUrl, required } from "~/routes/admin/+shared/form-schemas";

export const ServiceEditorSchema = z.object({
  name: required("Name", 200),
  // Typed as a label ("Consulting & Audits") or as the slug itself; stored as the slug.
  category: required("Category", 60)
    .transform(categorySlug)
    .refine((slug) => slug !== "", "Category must contain letters or digits, like Consulting & Audits"),
  description: required("Description", 5000),
  setupPrice: amount("Setup price"),
  // A one-off service has no monthly price: an empty field means 0.
  monthlyPrice: amount("Monthly price").default(0),
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
  const symbol = currencySymbol(useCurrency());
  const [form, fields] = useSchemaForm(ServiceEditorSchema, {
    id: "service-editor",
    lastResult,
    // The spec's defaults for a new service: active on, featured off.
    defaultValue: service ? { ...service, imageUrl: service.imageUrl ?? "" } : { isActive: true, featured: false },
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <InputField label="Name" field={fields.name} type="text" />
      <InputField
        label="Category"
        hint="Pick one of the usual categories or type a new one, such as Consulting & Audits: it is stored as lowercase words joined by dashes (consulting-audits)."
        field={fields.category}
        type="text"
        list="service-categories"
        autoComplete="off"
      />
      <datalist id="service-categories">
        {KNOWN_CATEGORIES.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <TextField label="Description" field={fields.description} rows={4} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceField
          label={`Setup price (${symbol})`}
          field={fields.setupPrice}
          placeholder={SERVICE_TEXTS.setupPlaceholder}
        />
        <PriceField
          label={`Monthly price (${symbol})`}
          hint={SERVICE_TEXTS.monthlyHint}
          field={fields.monthlyPrice}
          placeholder={SERVICE_TEXTS.monthlyPlaceholder}
        />
      </div>
      <InputField label="Image URL (optional)" field={fields.imageUrl} type="url" placeholder="https://" />
      <div className="flex flex-wrap gap-6">
        <CheckField label="Active" field={fields.isActive} />
        <CheckField label="Featured" field={fields.featured} />
      </div>
      <FormFooter form={form} submitting={submitting} cancelTo={SERVICES_PATH}>
        {service ? "Update Service" : "Create Service"}
      </FormFooter>
    </Form>
  );
}

function PriceField(props: {
  label: string;
  hint?: string;
  field: Parameters<typeof getInputProps>[0];
  placeholder: string;
}) {
  return <InputField {...props} type="number" min={0} step="0.01" inputMode="decimal" />;
}
