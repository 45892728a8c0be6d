import { type DefaultValue, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher } from "react-router";
import type { z } from "zod";

import { Field, TextareaField } from "~/components/ui/field";

import { EnhancedFlag } from "./enhanced-flag";
import { HoneypotField } from "./honeypot-field";

// The visitor's forms (contact, order, the chat's email): conform with the form's zod schema, as
// the admin forms (components/admin/form-fields.tsx), in the site's card look with the hidden
// fields their action (services/public-form.server.ts) reads.

type FieldTexts = { label: string; placeholder?: string };

/** What the forms' actions answer: `submission.reply()` of conform on the server. */
export type PublicFormResult = SubmissionResult<string[]>;

/**
 * A visitor's form validated by its zod schema: each field when the visitor leaves it, then as
 * they type, and all of them when the form is sent (which stays in the browser while one is
 * wrong); `lastResult` is the action's answer, whose errors focus the first field to correct.
 */
export function usePublicForm<Schema extends z.ZodObject>(
  schema: Schema,
  {
    id,
    lastResult,
    defaultValue,
  }: { id: string; lastResult?: PublicFormResult; defaultValue?: DefaultValue<z.input<Schema>> },
) {
  // Values typed before the page hydrated (lib/deferred-hydration.ts) are read by conform's watch on
  // the form's fields, which React's hydration touches: docs/decisions/016-public-forms-on-conform.md.
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Only `required`: a `maxlength` would stop the typing where the schema's message says why.
    constraint: Object.fromEntries(
      Object.entries(getZodConstraint(schema)).map(([name, { required }]) => [name, { required }]),
    ),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * A posting form in the site's card look, with the honeypot and the JavaScript flag. `as`: a
 * fetcher's form, for a form that must not change the page's address when it posts.
 */
export function PublicForm({
  labelledBy,
  children,
  as: FormElement = Form,
  ...formProps
}: React.ComponentProps<typeof Form> & { labelledBy: string; as?: typeof Form | FetcherForm }) {
  return (
    <FormElement
      method="post"
      {...formProps}
      aria-labelledby={labelledBy}
      className="relative space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <HoneypotField />
      <EnhancedFlag />
      {children}
    </FormElement>
  );
}

type FetcherForm = ReturnType<typeof useFetcher>["Form"];

type InputMetadata = Parameters<typeof getInputProps>[0];

export interface InputSpec<Name extends string> {
  name: Name;
  type: "text" | "email" | "tel";
  autoComplete: string;
  /** Spans both columns. */
  wide?: boolean;
}

/** Text inputs side by side on wide screens, each labelled, with its errors. */
export function InputFields<Name extends string>({
  fields,
  inputs,
  texts,
}: {
  fields: Record<Name, InputMetadata>;
  inputs: ReadonlyArray<InputSpec<Name>>;
  texts: Record<Name, FieldTexts>;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {inputs.map(({ name, type, autoComplete, wide }) => (
        <Field
          key={name}
          label={texts[name].label}
          errors={fields[name].errors}
          reserveErrorLine
          className={wide ? "sm:col-span-2" : undefined}
          inputProps={{ ...getInputProps(fields[name], { type }), autoComplete, placeholder: texts[name].placeholder }}
        />
      ))}
    </div>
  );
}

export function MessageField({
  field,
  rows,
  texts,
}: {
  field: Parameters<typeof getTextareaProps>[0];
  rows: number;
  texts: FieldTexts;
}) {
  return (
    <TextareaField
      label={texts.label}
      errors={field.errors}
      reserveErrorLine
      textareaProps={{ ...getTextareaProps(field), rows, placeholder: texts.placeholder }}
    />
  );
}
