import { DISPLAY_NAME_TEXT } from "~/copy/handoff";
import { DISPLAY_NAME_MAX_CHARS } from "~/lib/handoff-schema";

import { InputField, type InputMetadata } from "./form-fields";

/** An admin's name in the chat (their account, and the admin editor): one label, hint and limit. */
export function DisplayNameField({
  field,
  ...input
}: { field: InputMetadata } & Pick<React.InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "placeholder">) {
  return (
    <InputField
      label={DISPLAY_NAME_TEXT.label}
      hint={DISPLAY_NAME_TEXT.hint}
      field={field}
      maxLength={DISPLAY_NAME_MAX_CHARS}
      {...input}
    />
  );
}
