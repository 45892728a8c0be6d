import { useNavigate, useNavigationType, useOutlet } from "react-router";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { useHydrated } from "~/lib/hydrated";

/**
 * Whether an overlay (a create/edit form, the order details) opens as a dialog. Only after a
 * navigation inside the running app: a page loaded or reloaded at /admin/services/new renders
 * the form as a page, on the server and again when hydrated, so nothing typed before the
 * scripts ran is replaced by a fresh dialog. Without JavaScript it is always the page.
 */
export function useDialogMode(): boolean {
  const hydrated = useHydrated();
  const navigationType = useNavigationType();
  return hydrated && navigationType !== "POP";
}

/**
 * A create or edit form on its own route (/admin/services/new): a dialog over the list when
 * opened from the list with JavaScript (closing it goes back to the list), a page otherwise.
 */
export function RouteDialog({ title, backTo, children }: { title: string; backTo: string; children: React.ReactNode }) {
  const dialog = useDialogMode();
  const navigate = useNavigate();
  if (!dialog) {
    return (
      <section
        aria-labelledby="route-dialog-title"
        className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
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
 * For a list route with create/edit child routes: the child's form replaces the list when it is
 * a page (`page`), and floats over the list when it is a dialog (`dialog`).
 */
export function useDialogOutlet(): { page: React.ReactNode | null; dialog: React.ReactNode | null } {
  const outlet = useOutlet();
  const dialog = useDialogMode();
  if (!outlet) return { page: null, dialog: null };
  return dialog ? { page: null, dialog: outlet } : { page: outlet, dialog: null };
}
