import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Field, TextareaField } from "~/components/ui/field";
import { isRequired, visitorFieldError, type VisitorFieldRule } from "~/lib/visitor-fields";
import { EnhancedFlag } from "./enhanced-flag";
import { HoneypotField } from "./honeypot-field";

// The visitor's forms (contact and order): one card, the hidden fields their action
// (services/public-form.server.ts) reads, and labelled fields. Their state is kept here rather than
// by conform and zod, which weighed more than the rest of the page's own code: the browser checks
// the same rules (lib/visitor-fields.ts) as the server, which answers with conform's reply.

type FieldTexts = { label: string; placeholder?: string };

/** What the forms' actions answer: `submission.reply()` of conform on the server. */
export type PublicFormResult = SubmissionResult<string[]>;

type Values<Name extends string> = Partial<Record<Name, string>>;
type Errors<Name extends string> = Partial<Record<Name, string[]>>;

interface FormState<Name extends string> {
  /** What the inputs start with: the defaults, or what a post without JavaScript sent. */
  initial: Values<Name>;
  /** What the inputs hold now, for what the page shows beside them (the order summary). */
  values: Values<Name>;
  errors: Errors<Name>;
  /** Fields checked once (left, or the form sent): from then on they are checked as they change. */
  checked: Partial<Record<Name, boolean>>;
  /** Remounts the inputs with `initial`, after a stored post. */
  resetKey: number;
}

function valuesOf<Name extends string>(names: Name[], value: Record<string, unknown> | undefined): Values<Name> {
  const values: Values<Name> = {};
  for (const name of names) if (typeof value?.[name] === "string") values[name] = value[name];
  return values;
}

function errorsOf<Name extends string>(names: Name[], error: PublicFormResult["error"]): Errors<Name> {
  const errors: Errors<Name> = {};
  for (const name of names) if (error?.[name]?.length) errors[name] = error[name];
  return errors;
}

/**
 * The state of a visitor's form: fields are checked when the visitor leaves them, then as they
 * type, and all of them when the form is sent (which stays in the browser while one is wrong).
 * The action's answer shows its errors (and focuses the first), or clears the form once stored.
 * Without JavaScript the server-rendered page shows what the post sent and its errors.
 */
export function usePublicForm<Name extends string>({
  id,
  rules,
  lastResult,
  defaultValue = {},
}: {
  id: string;
  rules: Record<Name, VisitorFieldRule>;
  /** The action's answer; undefined while a post is under way. */
  lastResult: PublicFormResult | undefined;
  defaultValue?: Values<Name>;
}) {
  const names = Object.keys(rules) as Name[];
  const [state, setState] = useState<FormState<Name>>(() => {
    const initial = lastResult?.initialValue ? valuesOf(names, lastResult.initialValue) : defaultValue;
    const errors = errorsOf(names, lastResult?.error);
    return { initial, values: initial, errors, checked: checkedOf(Object.keys(errors) as Name[]), resetKey: 0 };
  });
  const formRef = useRef<HTMLFormElement>(null);

  // A new answer from the action (React's "adjusting state when a prop changes").
  const [applied, setApplied] = useState(lastResult);
  if (lastResult && lastResult !== applied) {
    setApplied(lastResult);
    if (lastResult.initialValue === null) {
      setState((now) => ({
        initial: defaultValue,
        values: defaultValue,
        errors: {},
        checked: {},
        resetKey: now.resetKey + 1,
      }));
    } else {
      const errors = errorsOf(names, lastResult.error);
      setState((now) => ({ ...now, errors, checked: { ...now.checked, ...checkedOf(Object.keys(errors) as Name[]) } }));
    }
  }
  // Public pages hydrate on the visitor's first interaction (app/lib/deferred-hydration.ts), which
  // may be filling in this form: what it holds by then is where its state starts (a ticked terms
  // box enables the submit button).
  useLayoutEffect(() => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    const values: Values<Name> = {};
    for (const name of names) {
      const value = data.get(name);
      if (typeof value === "string") values[name] = value;
    }
    setState((now) => ({ ...now, values }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  const mounted = useRef(false);
  useEffect(() => {
    // The page a post without JavaScript answered keeps the browser's focus.
    if (mounted.current && applied?.error) focusFirstInvalid(formRef.current, applied.error);
    mounted.current = true;
  }, [applied]);

  /** Checks `only` (else every field with a rule) against the form's current values. */
  function check(form: HTMLFormElement, only?: Name) {
    const data = new FormData(form);
    const errors: Errors<Name> = {};
    for (const name of only ? [only] : names) {
      const rule = rules[name];
      const error = visitorFieldError(rule, data.get(name));
      if (error) errors[name] = [error];
    }
    return { data, errors };
  }

  function fieldName(target: EventTarget): Name | undefined {
    const name = (target as Partial<HTMLInputElement>).name;
    return name && Object.hasOwn(rules, name) ? (name as Name) : undefined;
  }

  const formProps = {
    id,
    ref: formRef,
    noValidate: true,
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      const { errors } = check(event.currentTarget);
      setState((now) => ({ ...now, errors, checked: checkedOf(names) }));
      if (Object.keys(errors).length) {
        event.preventDefault();
        focusFirstInvalid(event.currentTarget, errors);
      }
    },
    onBlur(event: React.FocusEvent<HTMLFormElement>) {
      const name = fieldName(event.target);
      if (!name || state.checked[name]) return;
      const { errors } = check(event.currentTarget, name);
      setState((now) => ({
        ...now,
        errors: { ...now.errors, [name]: errors[name] },
        checked: { ...now.checked, [name]: true },
      }));
    },
    onChange(event: React.ChangeEvent<HTMLFormElement>) {
      const name = fieldName(event.target);
      if (!name) return;
      const { data, errors } = check(event.currentTarget, name);
      const value = data.get(name);
      setState((now) => ({
        ...now,
        values: { ...now.values, [name]: typeof value === "string" ? value : undefined },
        errors: now.checked[name] ? { ...now.errors, [name]: errors[name] } : now.errors,
      }));
    },
  };

  /** The props of one field's control: its name, id, start value and `required`. */
  function control(name: Name) {
    const rule = rules[name];
    return {
      id: `${id}-${name}`,
      name,
      form: id,
      required: rule ? isRequired(rule) : undefined,
      defaultValue: state.initial[name],
    };
  }

  return {
    formProps,
    resetKey: state.resetKey,
    values: state.values,
    errors: state.errors,
    control,
    checkbox: (name: Name) => {
      const { defaultValue: start, ...props } = control(name);
      return { ...props, type: "checkbox", value: "on", defaultChecked: start === "on" };
    },
  };
}

function checkedOf<Name extends string>(names: Name[]): FormState<Name>["checked"] {
  const checked: FormState<Name>["checked"] = {};
  for (const name of names) checked[name] = true;
  return checked;
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: Partial<Record<string, string[] | null>>) {
  for (const element of form?.elements ?? []) {
    const name = (element as Partial<HTMLInputElement>).name;
    if (name && errors[name]?.length) return (element as HTMLElement).focus();
  }
}

export type PublicFormState<Name extends string> = ReturnType<typeof usePublicForm<Name>>;

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

export interface InputSpec<Name extends string> {
  name: Name;
  type: "text" | "email" | "tel";
  autoComplete: string;
  /** Spans both columns. */
  wide?: boolean;
}

/** Text inputs side by side on wide screens, each labelled, with its errors. */
export function InputFields<Name extends string, Input extends Name>({
  form,
  inputs,
  texts,
}: {
  form: PublicFormState<Name>;
  inputs: ReadonlyArray<InputSpec<Input>>;
  texts: Record<Input, FieldTexts>;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {inputs.map(({ name, type, autoComplete, wide }) => (
        <Field
          key={name}
          label={texts[name].label}
          errors={form.errors[name]}
          reserveErrorLine
          className={wide ? "sm:col-span-2" : undefined}
          inputProps={{ ...form.control(name), type, autoComplete, placeholder: texts[name].placeholder }}
        />
      ))}
    </div>
  );
}

export function MessageField<Name extends string>({
  form,
  name,
  rows,
  texts,
}: {
  form: PublicFormState<Name>;
  name: Name;
  rows: number;
  texts: FieldTexts;
}) {
  return (
    <TextareaField
      label={texts.label}
      errors={form.errors[name]}
      reserveErrorLine
      textareaProps={{ ...form.control(name), rows, placeholder: texts.placeholder }}
    />
  );
}
