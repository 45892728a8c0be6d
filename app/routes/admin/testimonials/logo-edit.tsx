import { data } from "react-router";

import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle } from "~/copy/admin";
import { CLIENT_LOGO_TEXTS } from "~/copy/proof";
import { getClientLogo } from "~/models/testimonials.server";
import { requireId } from "~/routes/admin/+shared/route-helpers.server";

import { ClientLogoEditor, TESTIMONIALS_PATH } from "./+shared/testimonial-editor";
import { clientLogoEditorAction } from "./+shared/testimonial-editor.server";
import type { Route } from "./+types/logo-edit";

export async function loader({ params }: Route.LoaderArgs) {
  const logo = await getClientLogo(requireId(params.logoId));
  if (!logo) throw data(CLIENT_LOGO_TEXTS.gone, { status: 404 });
  return { logo };
}

export function action(args: Route.ActionArgs) {
  return clientLogoEditorAction(args);
}

export default function EditClientLogo({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={CLIENT_LOGO_TEXTS.editTitle} backTo={TESTIMONIALS_PATH}>
      <ClientLogoEditor key={loaderData.logo.id} logo={loaderData.logo} lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(CLIENT_LOGO_TEXTS.editTitle) }];
}
