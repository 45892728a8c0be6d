import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle, SERVICE_TEXTS } from "~/copy/admin";
import { getService } from "~/models/services.server";
import { notFound, requireId } from "~/routes/admin/+shared/route-helpers.server";

import { ServiceEditor, SERVICES_PATH } from "./+shared/service-editor";
import { serviceEditorAction } from "./+shared/service-editor.server";
import type { Route } from "./+types/edit";

export async function loader({ params }: Route.LoaderArgs) {
  const service = await getService(requireId(params.serviceId, "service"));
  if (!service) notFound("service");
  return { service };
}

export function action(args: Route.ActionArgs) {
  return serviceEditorAction(args);
}

export default function EditService({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={SERVICE_TEXTS.editTitle} backTo={SERVICES_PATH}>
      <ServiceEditor key={loaderData.service.id} service={loaderData.service} lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(SERVICE_TEXTS.editTitle) }];
}
