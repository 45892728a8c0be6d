import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { useIsSubmitting } from "./pending";
import { useHydrated } from "./use-hydrated";

export const CONFIRM_DELETE_LABEL = "Yes, delete";

/**
 * A delete button that asks first. With JavaScript the question is a dialog; without it the
 * button opens a <details> holding the same question and form. Both post `intent=delete` and
 * the given hidden fields to the current route (or `action`).
 */
export function ConfirmDelete({
  label,
  question,
  fields,
  action,
}: {
  /** Accessible name of the trigger, e.g. "Delete Lead capture". */
  label: string;
  question: string;
  fields: Record<string, string>;
  action?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const submitting = useIsSubmitting({ intent: "delete", formAction: action });
  const form = (
    <Form
      method="post"
      action={action}
      className="flex flex-wrap justify-end gap-2"
      onSubmit={() => setOpen(false)}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? (
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
      ) : null}
      <Button type="submit" name="intent" value="delete" variant="danger" disabled={submitting}>
        {CONFIRM_DELETE_LABEL}
      </Button>
    </Form>
  );
  const icon = <Trash2 aria-hidden className="size-4" />;
  if (!hydrated) {
    return (
      <details className="group relative">
        <summary
          aria-label={label}
          className="flex size-9 cursor-pointer list-none items-center justify-center rounded-md text-red-600 hover:bg-red-50 [&::-webkit-details-marker]:hidden"
        >
          {icon}
        </summary>
        <div className="absolute right-0 z-10 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-lg">
          <p className="mb-3 text-slate-700">{question}</p>
          {form}
        </div>
      </details>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="text-red-600 hover:bg-red-50">
          {icon}
        </Button>
      </DialogTrigger>
      <DialogContent title={label} className="max-w-sm">
        <p className="mb-4 text-sm text-slate-700">{question}</p>
        {form}
      </DialogContent>
    </Dialog>
  );
}
