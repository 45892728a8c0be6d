import { useId } from "react";

import { HONEYPOT_LABEL } from "~/copy/site";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * Off-screen and out of the tab order and accessibility tree: only bots fill it in. Its id is the
 * form's own: a page may hold two such forms (the contact form and the chat's email form).
 */
export function HoneypotField() {
  const id = useId();
  return (
    <div aria-hidden className="absolute -left-[9999px] size-px overflow-hidden">
      <label htmlFor={id}>{HONEYPOT_LABEL}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
