import { getInputProps } from "@conform-to/react";
import { useId } from "react";
import { Field } from "~/components/ui/field";
import { SECRET_FIELD_TEXTS } from "~/copy/admin";

/**
 * A secret key, write-only: the page never holds its value. It shows whether one is stored (and
 * its last four characters, to tell keys apart); typing replaces it, a blank field keeps it, and
 * the checkbox removes it.
 */
export function SecretField({
  label,
  field,
  removeField,
  stored,
}: {
  label: string;
  field: Parameters<typeof getInputProps>[0];
  removeField: Parameters<typeof getInputProps>[0];
  stored: { lastFour: string } | { unreadable: true } | null;
}) {
  const removeId = useId();
  return (
    <div>
      <Field
        label={label}
        hint={
          !stored
            ? SECRET_FIELD_TEXTS.notSet
            : "lastFour" in stored
              ? SECRET_FIELD_TEXTS.stored(stored.lastFour)
              : SECRET_FIELD_TEXTS.unreadable
        }
        errors={field.errors}
        inputProps={
          {
            ...getInputProps(field, { type: "password" }),
            placeholder: stored && "lastFour" in stored ? `•••• ${stored.lastFour}` : undefined,
            // Not a login password: no saving or autofill by the browser's password manager.
            autoComplete: "new-password",
            spellCheck: false,
            "data-1p-ignore": "",
            "data-lpignore": "true",
          } as React.InputHTMLAttributes<HTMLInputElement>
        }
      />
      {stored ? (
        <label htmlFor={removeId} className="mt-2 inline-flex items-center gap-2 text-sm text-slate-700">
          <input
            {...getInputProps(removeField, { type: "checkbox", value: "on" })}
            id={removeId}
            className="size-4 rounded border-slate-300"
          />
          {SECRET_FIELD_TEXTS.remove(label)}
        </label>
      ) : null}
    </div>
  );
}
