import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";

import { CheckField, FormFooter, InputField, TextField, useSchemaForm } from "~/components/admin/form-fields";
import { ImageField } from "~/components/admin/image-field";
import { useIsSubmitting } from "~/components/admin/pending";
import { useCurrency } from "~/components/site/use-site-settings";
import { SERVICE_TEXTS } from "~/copy/admin";
import { IMAGE_FIELD_TEXTS } from "~/copy/images";
import type { Service } from "~/db/schema";
import { categorySlug, KNOWN_CATEGORIES } from "~/lib/categories";
import { currencySymbol } from "~/lib/pricing";
import { amount, checkbox, imageFile, imageUrl, required } from "~/routes/admin/+shared/form-schemas";

export const ServiceEditorSchema = z.object({
  name: required(SERVICE_TEXTS.name, 200),
  // Typed as a label ("Consulting & Audits") or as the slug itself; stored as the slug.
  category: required(SERVICE_TEXTS.category, 60)
    .transform(categorySlug)
    .refine((slug) => slug !== "", SERVICE_TEXTS.categoryInvalid),
  description: required(SERVICE_TEXTS.descriptionLabel, 5000),
  setupPrice: amount(SERVICE_TEXTS.setupPriceName),
  // A one-off service has no monthly price: an empty field means 0.
  monthlyPrice: amount(SERVICE_TEXTS.monthlyPriceName).default(0),
  imageUrl: imageUrl(SERVICE_TEXTS.imageUrlName),
  imageFile: imageFile(),
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
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...getFormProps(form)}>
      <InputField label={SERVICE_TEXTS.name} field={fields.name} />
      <InputField
        label={SERVICE_TEXTS.category}
        hint={SERVICE_TEXTS.categoryHint}
        field={fields.category}
        list="service-categories"
        autoComplete="off"
      />
      <datalist id="service-categories">
        {KNOWN_CATEGORIES.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <TextField label={SERVICE_TEXTS.descriptionLabel} field={fields.description} rows={4} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PriceField
          label={SERVICE_TEXTS.setupPriceLabel(symbol)}
          field={fields.setupPrice}
          placeholder={SERVICE_TEXTS.setupPlaceholder}
        />
        <PriceField
          label={SERVICE_TEXTS.monthlyPriceLabel(symbol)}
          hint={SERVICE_TEXTS.monthlyHint}
          field={fields.monthlyPrice}
          placeholder={SERVICE_TEXTS.monthlyPlaceholder}
        />
      </div>
      <ImageField
        url={fields.imageUrl}
        file={fields.imageFile}
        urlLabel={SERVICE_TEXTS.imageUrlLabel}
        fileLabel={IMAGE_FIELD_TEXTS.serviceImage}
      />
      <div className="flex flex-wrap gap-6">
        <CheckField label={SERVICE_TEXTS.active} field={fields.isActive} />
        <CheckField label={SERVICE_TEXTS.featured} field={fields.featured} />
      </div>
      <FormFooter form={form} submitting={submitting} cancelTo={SERVICES_PATH}>
        {service ? SERVICE_TEXTS.updateSubmit : SERVICE_TEXTS.createSubmit}
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
