import { useId } from "react";
import { cn } from "./cn";

// Labelled form controls with their error messages. They take plain props, so they work with
// conform (spread getInputProps(...) into `inputProps`) and in forms without JavaScript.

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 disabled:bg-slate-50 aria-[invalid=true]:border-red-500 sm:text-sm";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600">
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
}

function useFieldIds(givenId?: string) {
  const fallback = useId();
  const id = givenId ?? fallback;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

export function Field({
  label,
  errors,
  hint,
  className,
  inputProps,
}: FieldShellProps & { inputProps: React.InputHTMLAttributes<HTMLInputElement> }) {
  const { id, errorId, hintId } = useFieldIds(inputProps.id);
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className={cn(CONTROL, inputProps.className)}
        aria-invalid={invalid || undefined}
        aria-describedby={cn(invalid && errorId, hint ? hintId : undefined) || undefined}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  label,
  errors,
  hint,
  className,
  textareaProps,
}: FieldShellProps & { textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  const { id, errorId, hintId } = useFieldIds(textareaProps.id);
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        {...textareaProps}
        id={id}
        className={cn(CONTROL, textareaProps.className)}
        aria-invalid={invalid || undefined}
        aria-describedby={cn(invalid && errorId, hint ? hintId : undefined) || undefined}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  selectProps,
  children,
}: FieldShellProps & {
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement>;
  children: React.ReactNode;
}) {
  const { id, errorId, hintId } = useFieldIds(selectProps.id);
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        className={cn(CONTROL, "pr-8", selectProps.className)}
        aria-invalid={invalid || undefined}
        aria-describedby={cn(invalid && errorId, hint ? hintId : undefined) || undefined}
      >
        {children}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A checkbox with its label beside it (terms, "Active", "Featured"). */
export function CheckboxField({
  label,
  errors,
  className,
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
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
