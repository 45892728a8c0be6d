import { getInputProps } from "@conform-to/react";
import { useId, useState } from "react";

import { Field } from "~/components/ui/field";
import { SECRET_FIELD_TEXTS } from "~/copy/admin";
import { useHydrated } from "~/lib/hydrated";

/**
 * A secret key, write-only: the page never holds its value. It shows whether one is stored (and
 * its last four characters, to tell keys apart); typing replaces it, a blank field keeps it, and
 * the checkbox removes it. A Show/Hide button (with JavaScript) unmasks what is being typed, so a
 * pasted key can be checked before saving.
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
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <Field
        adornment={
          // Changing an input's type needs JavaScript: without it the key stays masked, and is
          // typed and saved all the same.
          hydrated ? (
            <button
              type="button"
              onClick={() => setShown((value) => !value)}
              aria-label={shown ? SECRET_FIELD_TEXTS.hide(label) : SECRET_FIELD_TEXTS.show(label)}
              className="shrink-0 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand/30"
            >
              {shown ? SECRET_FIELD_TEXTS.hideButton : SECRET_FIELD_TEXTS.showButton}
            </button>
          ) : null
        }
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
            // Only what the owner typed is ever shown: the stored key is not in the page.
            type: shown ? "text" : "password",
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
