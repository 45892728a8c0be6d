import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle, SERVICE_TEXTS } from "~/copy/admin";

import { ServiceEditor, SERVICES_PATH } from "./+shared/service-editor";
import { serviceEditorAction } from "./+shared/service-editor.server";
import type { Route } from "./+types/new";

// A loader, so that opening the form asks the server: the guard sees an expired session at once.
export function loader() {
  return null;
}

export function action(args: Route.ActionArgs) {
  return serviceEditorAction(args);
}

export default function NewService({ actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={SERVICE_TEXTS.createTitle} backTo={SERVICES_PATH}>
      <ServiceEditor lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(SERVICE_TEXTS.createTitle) }];
}
