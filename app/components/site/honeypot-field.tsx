import { HONEYPOT_LABEL } from "~/copy/site";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/** Off-screen and out of the tab order and accessibility tree: only bots fill it in. */
export function HoneypotField() {
  return (
    <div aria-hidden className="absolute -left-[9999px] size-px overflow-hidden">
      <label htmlFor={`${HONEYPOT_FIELD}-input`}>{HONEYPOT_LABEL}</label>
      <input
        id={`${HONEYPOT_FIELD}-input`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
