import { EditAndDelete } from "~/components/admin/confirm-delete";
import { EmptyState } from "~/components/admin/page-header";
import { ListScreen } from "~/components/admin/route-dialog";
import { caseStudyHref } from "~/components/site/proof";
import { Badge } from "~/components/ui/badge";
import { adminTitle } from "~/copy/admin";
import { CASE_STUDY_TEXTS as T, PROOF_TOASTS } from "~/copy/proof";
import { readForm } from "~/lib/read-form.server";
import { deleteCaseStudy, listAllCaseStudies } from "~/models/case-studies.server";
import { errorDescription, readIntent, requireId } from "~/routes/admin/+shared/route-helpers.server";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";

import { CASE_STUDIES_PATH } from "./+shared/case-study-editor";
import type { Route } from "./+types/list";

export async function loader() {
  return { caseStudies: await listAllCaseStudies() };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  readIntent(formData, ["delete"]);
  const caseStudyId = requireId(formData.get("caseStudyId"));
  try {
    if (!(await deleteCaseStudy(caseStudyId))) {
      return redirectWithError(CASE_STUDIES_PATH, { message: PROOF_TOASTS.caseStudy.deleteError, description: T.gone });
    }
  } catch (error) {
    return redirectWithError(CASE_STUDIES_PATH, {
      message: PROOF_TOASTS.caseStudy.deleteError,
      description: errorDescription(error),
    });
  }
  return redirectWithSuccess(CASE_STUDIES_PATH, PROOF_TOASTS.caseStudy.deleted);
}

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { caseStudies } = loaderData;
  return (
    <ListScreen title={T.heading} description={T.description} addLabel={T.add}>
      {caseStudies.length === 0 ? (
        <EmptyState title={T.emptyTitle} description={T.emptyDescription} />
      ) : (
        <ul className="space-y-3" aria-label={T.listLabel}>
          {caseStudies.map((caseStudy) => (
            <li
              key={caseStudy.id}
              aria-label={caseStudy.title}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold text-slate-900">{caseStudy.title}</h2>
                  <Badge tone={caseStudy.published ? "success" : "neutral"}>
                    {caseStudy.published ? T.published : T.draft}
                  </Badge>
                  {caseStudy.featured ? <Badge tone="brand">{T.featured}</Badge> : null}
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {caseStudy.clientName} · {caseStudy.industry} · {T.position(caseStudy.position)}
                </p>
                <p className="mt-1 break-all text-xs text-slate-500">{caseStudyHref(caseStudy.slug)}</p>
                {caseStudy.published ? (
                  <a
                    href={caseStudyHref(caseStudy.slug)}
                    className="mt-1 inline-block text-sm font-medium text-brand hover:underline"
                  >
                    {T.view}
                  </a>
                ) : null}
              </div>
              <div className="flex shrink-0 gap-1 self-end sm:self-start">
                <EditAndDelete
                  name={caseStudy.title}
                  editTo={`${caseStudy.id}/edit`}
                  question={T.deleteQuestion(caseStudy.title)}
                  fields={{ caseStudyId: caseStudy.id }}
                  action={CASE_STUDIES_PATH}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListScreen>
  );
}

export function meta() {
  return [{ title: adminTitle(T.heading) }];
}
