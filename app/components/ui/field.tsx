import { useId } from "react";

import { cn } from "./cn";

// Labelled form controls with their error messages. They take plain props, so they work with
// conform (spread getInputProps(...) into `inputProps`) and in forms without JavaScript.

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-slate-50 aria-[invalid=true]:border-red-500";
const CONTROL_TEXT_SIZE = "text-base sm:text-sm";

export function ErrorList({
  id,
  errors,
  reserveLine,
}: {
  id?: string;
  errors?: string[] | null;
  /** Keeps a line's height while there is no error, so that one appearing moves nothing below. */
  reserveLine?: boolean;
}) {
  if (!errors?.length) return reserveLine ? <div aria-hidden className="mt-1 min-h-5" /> : null;
  return (
    <ul id={id} className="mt-1 min-h-5 space-y-0.5 text-sm text-red-600">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

interface FieldShellProps {
  label: React.ReactNode;
  errors?: string[] | null;
  hint?: React.ReactNode;
  className?: string;
  /**
   * The visitor's forms, checked as a field is left: the error line's space is kept, so that the
   * control the visitor is pressing at that moment (the terms box) does not move from under them.
   */
  reserveErrorLine?: boolean;
}

function useFieldIds(givenId?: string) {
  const fallback = useId();
  const id = givenId ?? fallback;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

/**
 * Label, hint and errors around one control. `renderControl` gets the id and ARIA attributes the
 * control must carry so that the label, hint and errors are announced with it.
 */
function FieldShell({
  label,
  errors,
  hint,
  className,
  reserveErrorLine,
  givenId,
  renderControl,
}: FieldShellProps & {
  givenId?: string;
  renderControl: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const { id, errorId, hintId } = useFieldIds(givenId);
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {renderControl({
        id,
        "aria-invalid": invalid || undefined,
        "aria-describedby": cn(invalid && errorId, hint ? hintId : undefined) || undefined,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} reserveLine={reserveErrorLine} />
    </div>
  );
}

export function Field({
  inputProps,
  adornment,
  ...shell
}: FieldShellProps & {
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
  /** Beside the control, on its row (a secret field's show/hide button). */
  adornment?: React.ReactNode;
}) {
  return (
    <FieldShell
      {...shell}
      givenId={inputProps.id}
      renderControl={(aria) => {
        const input = (
          <input {...inputProps} {...aria} className={cn(CONTROL, CONTROL_TEXT_SIZE, inputProps.className)} />
        );
        return adornment ? (
          <div className="flex items-stretch gap-2">
            {input}
            {adornment}
          </div>
        ) : (
          input
        );
      }}
    />
  );
}

export function TextareaField({
  textareaProps,
  ...shell
}: FieldShellProps & { textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  return (
    <FieldShell
      {...shell}
      givenId={textareaProps.id}
      renderControl={(aria) => (
        // A caller's classes set the text's look in place of the control's size (the admin's
        // monospace fields: "font-mono text-xs"), as cn does not resolve conflicting classes.
        <textarea {...textareaProps} {...aria} className={cn(CONTROL, textareaProps.className ?? CONTROL_TEXT_SIZE)} />
      )}
    />
  );
}

export function SelectField({
  selectProps,
  children,
  ...shell
}: FieldShellProps & {
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement>;
  children: React.ReactNode;
}) {
  return (
    <FieldShell
      {...shell}
      givenId={selectProps.id}
      renderControl={(aria) => (
        <select {...selectProps} {...aria} className={cn(CONTROL, CONTROL_TEXT_SIZE, "pr-8", selectProps.className)}>
          {children}
        </select>
      )}
    />
  );
}

/** A checkbox with its label beside it (terms, "Active", "Featured"). */
export function CheckboxField({
  label,
  errors,
  className,
  reserveErrorLine,
  inputProps,
}: Omit<FieldShellProps, "hint"> & { inputProps: React.InputHTMLAttributes<HTMLInputElement> }) {
  const { id, errorId } = useFieldIds(inputProps.id);
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          {...inputProps}
          id={id}
          type="checkbox"
          className={cn("mt-0.5 size-4 rounded border-slate-300 accent-brand", inputProps.className)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} reserveLine={reserveErrorLine} />
    </div>
  );
}
