import { useNavigate, useNavigationType, useOutlet } from "react-router";

import { ButtonLink } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/lib/hydrated";

import { PageHeader } from "./page-header";

/**
 * Whether an overlay (a create/edit form, the order details) opens as a dialog. Only after a
 * navigation inside the running app: a page loaded or reloaded at /admin/services/new renders
 * the form as a page, on the server and again when hydrated, so nothing typed before the
 * scripts ran is replaced by a fresh dialog. Without JavaScript it is always the page.
 */
function useDialogMode(): boolean {
  const hydrated = useHydrated();
  const navigationType = useNavigationType();
  return hydrated && navigationType !== "POP";
}

/**
 * What opens on its own URL over a screen (a create or edit form at /admin/services/new, an
 * order's details at ?view=): a dialog when opened from the screen with JavaScript (closing it
 * goes to `backTo`), a titled section of the page otherwise. The defaults are the forms' look.
 */
export function RouteDialog({
  title,
  backTo,
  children,
  id = "route-dialog-title",
  className = "mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm",
  headingClassName = "mb-4 text-lg font-semibold text-slate-900",
  dialogClassName,
}: {
  title: string;
  backTo: string;
  children: React.ReactNode;
  /** The section's heading id (without JavaScript). */
  id?: string;
  className?: string;
  headingClassName?: string;
  dialogClassName?: string;
}) {
  const dialog = useDialogMode();
  const navigate = useNavigate();
  if (!dialog) {
    return (
      <section aria-labelledby={id} className={className}>
        <h2 id={id} className={headingClassName}>
          {title}
        </h2>
        {children}
      </section>
    );
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? null : navigate(backTo, { preventScrollReset: true }))}>
      <DialogContent title={title} className={dialogClassName}>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A list screen whose create and edit forms are child routes (new, :id/edit): the heading with
 * its Add button, then the list. The child's form replaces the list when it is a page, and floats
 * over the list when it is a dialog.
 */
export function ListScreen({
  title,
  description,
  addLabel,
  children,
}: {
  title: string;
  description: string;
  addLabel: string;
  children: React.ReactNode;
}) {
  const outlet = useOutlet();
  const dialog = useDialogMode();
  if (outlet && !dialog) return outlet;
  return (
    <>
      <PageHeader title={title} description={description}>
        <ButtonLink to="new" preventScrollReset>
          <Icon name="plus" className="size-4" />
          {addLabel}
        </ButtonLink>
      </PageHeader>
      {children}
      {outlet}
    </>
  );
}
