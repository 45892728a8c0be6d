import { useNavigate, useOutlet } from "react-router";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { useHydrated } from "./use-hydrated";

/**
 * A create or edit form on its own route (/admin/services/new). With JavaScript it opens as a
 * dialog over the list, and closing it goes back to the list; without JavaScript the list route
 * renders it as a page instead (see useDialogOutlet).
 */
export function RouteDialog({
  title,
  backTo,
  children,
}: {
  title: string;
  backTo: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
      <section aria-labelledby="route-dialog-title" className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="route-dialog-title" className="mb-4 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </section>
    );
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? null : navigate(backTo, { preventScrollReset: true }))}>
      <DialogContent title={title}>{children}</DialogContent>
    </Dialog>
  );
}

/**
 * For a list route with create/edit child routes: the child's form replaces the list when
 * JavaScript is off (returns `{ page }`), and floats over it as a dialog once hydrated.
 */
export function useDialogOutlet(): { page: React.ReactNode | null; dialog: React.ReactNode | null } {
  const outlet = useOutlet();
  const hydrated = useHydrated();
  if (!outlet) return { page: null, dialog: null };
  return hydrated ? { page: null, dialog: outlet } : { page: outlet, dialog: null };
}
