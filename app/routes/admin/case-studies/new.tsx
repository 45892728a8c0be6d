import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle } from "~/copy/admin";
import { CASE_STUDY_TEXTS } from "~/copy/proof";
import { listAllServices } from "~/models/services.server";

import { CASE_STUDIES_PATH, CaseStudyEditor } from "./+shared/case-study-editor";
import { caseStudyEditorAction } from "./+shared/case-study-editor.server";
import type { Route } from "./+types/new";

export async function loader() {
  const services = await listAllServices();
  return { services: services.map(({ id, name }) => ({ id, name })) };
}

export function action(args: Route.ActionArgs) {
  return caseStudyEditorAction(args);
}

export default function NewCaseStudy({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={CASE_STUDY_TEXTS.createTitle} backTo={CASE_STUDIES_PATH}>
      <CaseStudyEditor services={loaderData.services} lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(CASE_STUDY_TEXTS.createTitle) }];
}
