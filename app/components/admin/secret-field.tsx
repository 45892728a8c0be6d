import { getInputProps } from "@conform-to/react";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/lib/hydrated";

/**
 * A secret key, masked. With JavaScript a button shows and hides it; without, a link asks the
 * server for the page with the secrets shown (`revealHref`; only super admins reach this page).
 */
export function SecretField({
  label,
  field,
  revealed,
  revealHref,
}: {
  label: string;
  field: Parameters<typeof getInputProps>[0];
  revealed: boolean;
  revealHref: string;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(revealed);
  const visible = hydrated ? shown : revealed;
  const toggleLabel = `${visible ? "Hide" : "Show"} ${label}`;
  const icon = visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />;
  return (
    <div className="flex items-start gap-2">
      <Field
        className="flex-1"
        label={label}
        errors={field.errors}
        inputProps={
          {
            ...getInputProps(field, { type: "text" }),
            type: visible ? "text" : "password",
            // Not a login password: no saving or autofill by the browser's password manager.
            autoComplete: "off",
            spellCheck: false,
            "data-1p-ignore": "",
            "data-lpignore": "true",
          } as React.InputHTMLAttributes<HTMLInputElement>
        }
      />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setShown(!shown)}
          aria-label={toggleLabel}
          aria-pressed={visible}
          className={buttonClasses("secondary", "icon", "mt-6")}
        >
          {icon}
        </button>
      ) : (
        <Link
          to={revealHref}
          aria-label={toggleLabel}
          preventScrollReset
          className={buttonClasses("secondary", "icon", "mt-6")}
        >
          {icon}
        </Link>
      )}
    </div>
  );
}
