import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle } from "~/copy/admin";
import { CLIENT_LOGO_TEXTS } from "~/copy/proof";

import { ClientLogoEditor, TESTIMONIALS_PATH } from "./+shared/testimonial-editor";
import { clientLogoEditorAction } from "./+shared/testimonial-editor.server";
import type { Route } from "./+types/logo-new";

// A loader, so that opening the form asks the server: the guard sees an expired session at once.
export function loader() {
  return null;
}

export function action(args: Route.ActionArgs) {
  return clientLogoEditorAction(args);
}

export default function NewClientLogo({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={CLIENT_LOGO_TEXTS.createTitle} backTo={TESTIMONIALS_PATH}>
      <ClientLogoEditor lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(CLIENT_LOGO_TEXTS.createTitle) }];
}
