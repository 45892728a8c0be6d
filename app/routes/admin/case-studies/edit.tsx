import { data } from "react-router";

import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle } from "~/copy/admin";
import { CASE_STUDY_TEXTS } from "~/copy/proof";
import { getCaseStudy } from "~/models/case-studies.server";
import { listAllServices } from "~/models/services.server";
import { requireId } from "~/routes/admin/+shared/route-helpers.server";

import { CASE_STUDIES_PATH, CaseStudyEditor } from "./+shared/case-study-editor";
import { caseStudyEditorAction } from "./+shared/case-study-editor.server";
import type { Route } from "./+types/edit";

export async function loader({ params }: Route.LoaderArgs) {
  const [caseStudy, services] = await Promise.all([getCaseStudy(requireId(params.caseStudyId)), listAllServices()]);
  if (!caseStudy) throw data(CASE_STUDY_TEXTS.gone, { status: 404 });
  return { caseStudy, services: services.map(({ id, name }) => ({ id, name })) };
}

export function action(args: Route.ActionArgs) {
  return caseStudyEditorAction(args);
}

export default function EditCaseStudy({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={CASE_STUDY_TEXTS.editTitle} backTo={CASE_STUDIES_PATH}>
      <CaseStudyEditor
        key={loaderData.caseStudy.id}
        caseStudy={loaderData.caseStudy}
        services={loaderData.services}
        lastResult={actionData?.result}
      />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(CASE_STUDY_TEXTS.editTitle) }];
}
