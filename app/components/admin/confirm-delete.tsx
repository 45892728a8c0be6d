import { useRef } from "react";
import { Form, Link } from "react-router";

import { Button, buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Icon } from "~/components/ui/icon";
import { COMMON_TEXTS } from "~/copy/admin";

import { useIsSubmitting } from "./pending";

/**
 * A button that asks first: a <details> whose summary is the button and whose panel holds the
 * question and the form, so it works the same with and without JavaScript (with it, Escape closes
 * the question). Posts `intent` and the given hidden fields to `action`.
 */
export function ConfirmAction({
  label,
  question,
  fields,
  action,
  intent,
  confirmLabel,
  trigger,
  triggerClassName,
}: {
  /** Accessible name of the trigger, e.g. "Delete Lead capture". */
  label: string;
  question: string;
  fields: Record<string, string>;
  action?: string;
  intent: string;
  confirmLabel: string;
  trigger: React.ReactNode;
  triggerClassName: string;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const submitting = useIsSubmitting({ intent, formAction: action });
  const close = () => {
    if (!details.current) return;
    details.current.open = false;
    details.current.querySelector("summary")?.focus();
  };
  return (
    <details ref={details} className="relative" onKeyDown={(event) => (event.key === "Escape" ? close() : null)}>
      <summary aria-label={label} className={cn("list-none [&::-webkit-details-marker]:hidden", triggerClassName)}>
        {trigger}
      </summary>
      <div
        role="group"
        aria-label={COMMON_TEXTS.confirm(label)}
        className="absolute right-0 z-20 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg"
      >
        <p className="mb-3 text-slate-700">{question}</p>
        <Form method="post" action={action} preventScrollReset className="flex justify-end" onSubmit={close}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" name="intent" value={intent} variant="danger" size="sm" disabled={submitting}>
            {confirmLabel}
          </Button>
        </Form>
      </div>
    </details>
  );
}

/** A delete button that asks first, posting `intent=delete` (or the given intent, on a screen of two lists). */
export function ConfirmDelete({
  intent = "delete",
  ...props
}: Omit<Parameters<typeof ConfirmAction>[0], "intent" | "confirmLabel" | "trigger" | "triggerClassName"> & {
  intent?: string;
}) {
  return (
    <ConfirmAction
      {...props}
      intent={intent}
      confirmLabel={COMMON_TEXTS.confirmDelete}
      trigger={<Icon name="trash-2" className="size-4" />}
      triggerClassName="flex size-9 cursor-pointer items-center justify-center rounded-md text-red-600 hover:bg-red-50"
    />
  );
}

/**
 * A list row's Edit link (to its edit route, `:id/edit`) and, unless `canDelete` is false, its
 * Delete button: "Edit Lead capture", "Delete Lead capture".
 */
export function EditAndDelete({
  name,
  editTo,
  canDelete = true,
  ...remove
}: { name: string; editTo: string; canDelete?: boolean } & Omit<Parameters<typeof ConfirmDelete>[0], "label">) {
  return (
    <>
      <Link
        to={editTo}
        preventScrollReset
        aria-label={COMMON_TEXTS.edit(name)}
        className={buttonClasses("ghost", "icon")}
      >
        <Icon name="pencil" className="size-4" />
      </Link>
      {canDelete ? <ConfirmDelete label={COMMON_TEXTS.delete(name)} {...remove} /> : null}
    </>
  );
}
