import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "react-router";
import { z } from "zod";
import { Field, TextareaField } from "~/components/ui/field";
import { EnhancedFlag } from "./enhanced-flag";
import { HoneypotField } from "./honeypot-field";

// The forms' schemas validate in the browser too, where zod's compiled parsers would first probe
// for eval, which the Content-Security-Policy forbids (a console issue on every page with a form).
z.config({ jitless: true });

// The visitor's forms (contact and order): one card, the hidden fields their action
// (services/public-form.server.ts) reads, and labelled conform fields.

type FieldTexts = { label: string; placeholder?: string };

/** A posting form in the site's card look, with the honeypot and the JavaScript flag. */
export function PublicForm({
  labelledBy,
  children,
  ...formProps
}: React.ComponentProps<typeof Form> & { labelledBy: string }) {
  return (
    <Form
      method="post"
      {...formProps}
      aria-labelledby={labelledBy}
      className="relative space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <HoneypotField />
      <EnhancedFlag />
      {children}
    </Form>
  );
}

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
  fields: Record<Name, FieldMetadata<string | undefined>>;
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
  field: FieldMetadata<string | undefined>;
  rows: number;
  texts: FieldTexts;
}) {
  return (
    <TextareaField
      label={texts.label}
      errors={field.errors}
      textareaProps={{ ...getTextareaProps(field), rows, placeholder: texts.placeholder }}
    />
  );
}
