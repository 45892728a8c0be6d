import {
  type DefaultValue,
  type FormMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";

import { Button, ButtonLink } from "~/components/ui/button";
import { CheckboxField, ErrorList, Field, SelectField, TextareaField } from "~/components/ui/field";
import { COMMON_TEXTS } from "~/copy/admin";

import { PageHeader } from "./page-header";
import { useIsSubmitting } from "./pending";

// The admin forms, built on conform: one hook to set a form up, fields that each take their
// field's metadata (its errors, the constraints of its schema, what was typed) and only the
// attributes that differ, and the end of a form with its errors and buttons.

/**
 * An admin form validated by its zod schema: in the browser as the admin types (each field once
 * it loses focus), and on the server with the same schema; `lastResult` is the server's answer.
 */
export function useSchemaForm<Schema extends z.ZodObject>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<Schema>>;
    /**
     * When a shown error is checked again. "onInput" for a form whose server checks more than
     * this schema: on blur the schema would clear the server's error, and the form would shift
     * under the pointer on its way to the submit button.
     */
    shouldRevalidate?: "onBlur" | "onInput";
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    shouldRevalidate: "onBlur",
    ...options,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

export type InputMetadata = Parameters<typeof getInputProps>[0];
type Shell = { label: React.ReactNode; hint?: React.ReactNode; className?: string };
type TextInputType = "text" | "url" | "email" | "tel" | "number" | "password" | "time";

export function InputField({
  field,
  type = "text",
  label,
  hint,
  className,
  ...input
}: Shell & { field: InputMetadata; type?: TextInputType } & Omit<
    React.InputHTMLAttributes<HTMLInputElement>,
    "type" | "className"
  >) {
  return (
    <Field
      label={label}
      hint={hint}
      className={className}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type }), ...input }}
    />
  );
}

/** A number the admin types: from `min` (0 unless given) in steps of `step` (1 unless given). */
export function NumberField({
  min = 0,
  step = 1,
  ...props
}: Shell & { field: InputMetadata } & Pick<React.InputHTMLAttributes<HTMLInputElement>, "min" | "max" | "step">) {
  return <InputField {...props} type="number" min={min} step={step} />;
}

/** Where an item stands in its list: case studies, testimonials and client logos. */
export function PositionField({ field }: { field: InputMetadata }) {
  return (
    <NumberField
      label={COMMON_TEXTS.positionField}
      hint={COMMON_TEXTS.positionHint}
      field={field}
      className="sm:max-w-40"
    />
  );
}

/** A password: `autoComplete` tells a password manager whether to fill it in or offer a new one. */
export function PasswordField({
  autoComplete,
  ...props
}: Shell & { field: InputMetadata; autoComplete: "current-password" | "new-password" }) {
  return <InputField {...props} type="password" autoComplete={autoComplete} />;
}

export function TextField({
  field,
  label,
  hint,
  className,
  textareaClassName,
  ...textarea
}: Shell & { field: Parameters<typeof getTextareaProps>[0]; textareaClassName?: string } & Omit<
    React.TextareaHTMLAttributes<HTMLTextAreaElement>,
    "className"
  >) {
  return (
    <TextareaField
      label={label}
      hint={hint}
      className={className}
      errors={field.errors}
      textareaProps={{ ...getTextareaProps(field), ...textarea, className: textareaClassName }}
    />
  );
}

export function ChoiceField({
  field,
  label,
  hint,
  children,
}: Omit<Shell, "className"> & { field: Parameters<typeof getSelectProps>[0]; children: React.ReactNode }) {
  return (
    <SelectField label={label} hint={hint} errors={field.errors} selectProps={getSelectProps(field)}>
      {children}
    </SelectField>
  );
}

export function CheckField({ field, label }: { field: InputMetadata; label: string }) {
  return <CheckboxField label={label} errors={field.errors} inputProps={getInputProps(field, { type: "checkbox" })} />;
}

/**
 * The end of a form: its own errors, then the submit button, with Cancel back to `cancelTo` for
 * the create and edit forms that open from a list.
 */
export function FormFooter({
  form,
  submitting,
  cancelTo,
  intent,
  children,
}: {
  form: { errorId: string; errors?: string[] };
  submitting: boolean;
  cancelTo?: string;
  /** The submit button's intent, on a screen with several forms. */
  intent?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className={cancelTo ? "flex justify-end gap-2 pt-2" : "flex justify-end"}>
        {cancelTo ? (
          <ButtonLink to={cancelTo} variant="secondary" preventScrollReset>
            {COMMON_TEXTS.cancel}
          </ButtonLink>
        ) : null}
        <Button type="submit" name={intent && "intent"} value={intent} disabled={submitting}>
          {children}
        </Button>
      </div>
    </>
  );
}

type SectionsFormProps<Schema extends Record<string, unknown>> = {
  form: FormMetadata<Schema, string[]>;
  /** The Save button's intent, on a screen with several forms. */
  intent?: string;
  submitLabel: string;
  children: React.ReactNode;
  /** "multipart/form-data" for a form with a file input (an ImageField). */
  encType?: "multipart/form-data";
};

/** The form of a settings screen: its titled sections (FormSection), then its own errors and Save. */
export function SectionsForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  submitLabel,
  children,
  encType,
}: SectionsFormProps<Schema>) {
  const submitting = useIsSubmitting({ intent });
  return (
    <Form method="post" encType={encType} className="space-y-6" {...getFormProps(form)}>
      {children}
      <FormFooter form={form} submitting={submitting} intent={intent}>
        {submitLabel}
      </FormFooter>
    </Form>
  );
}

/** A screen that is one settings form: its heading, then the form. */
export function SettingsScreen<Schema extends Record<string, unknown>>({
  title,
  description,
  ...form
}: { title: string; description: string } & SectionsFormProps<Schema>) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <SectionsForm {...form} />
    </>
  );
}
