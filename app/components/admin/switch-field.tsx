import { getInputProps } from "@conform-to/react";
import { useId } from "react";

import { ErrorList } from "~/components/ui/field";

/**
 * An on/off switch (the spec's "Active switch"): a real checkbox with the switch role, so it is
 * posted with the form and works without JavaScript.
 */
export function SwitchField({ label, field }: { label: string; field: Parameters<typeof getInputProps>[0] }) {
  const inputProps = getInputProps(field, { type: "checkbox" });
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <div>
      <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-3">
        <span className="relative inline-flex">
          <input
            {...inputProps}
            id={id}
            type="checkbox"
            role="switch"
            className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition checked:bg-brand"
          />
          <span
            aria-hidden
            className="pointer-events-none absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition peer-checked:translate-x-5"
          />
        </span>
        <span className="text-sm font-medium text-slate-700">{label}</span>
      </label>
      <ErrorList errors={field.errors} />
    </div>
  );
}
