import type { ActionFunctionArgs } from "react-router";

import { CASE_STUDY_TEXTS, PROOF_TOASTS } from "~/copy/proof";
import { slugFromTitle } from "~/lib/case-study";
import { readForm } from "~/lib/read-form.server";
import { createCaseStudy, SlugTakenError, updateCaseStudy } from "~/models/case-studies.server";
import { optionalId } from "~/routes/admin/+shared/route-helpers.server";
import { failure, imageRefused, saveForm } from "~/routes/admin/+shared/save-form.server";
import { imageFieldValue } from "~/services/images.server";

import { CASE_STUDIES_PATH, CaseStudyEditorSchema } from "./case-study-editor";

const TOASTS = PROOF_TOASTS.caseStudy;

/** The action of /admin/case-studies/new and /admin/case-studies/:caseStudyId/edit. */
export async function caseStudyEditorAction({ request, params, context }: ActionFunctionArgs) {
  const caseStudyId = optionalId(params.caseStudyId, "record");
  const errorToast = caseStudyId ? TOASTS.updateError : TOASTS.createError;
  return saveForm(context, await readForm(request), {
    schema: CaseStudyEditorSchema,
    async save({ coverImageFile, ...value }) {
      const slug = value.slug || slugFromTitle(value.title);
      // A title of only signs ("!!!") gives no slug: the admin types one.
      if (!slug)
        return { status: 400, toast: { message: errorToast }, fieldErrors: { slug: [CASE_STUDY_TEXTS.slugInvalid] } };
      const cover = await imageFieldValue(coverImageFile, value.coverImageUrl);
      if ("error" in cover) return imageRefused(cover.error, errorToast, "coverImageFile");
      const input = { ...value, slug, coverImageUrl: cover.url };
      try {
        if (!caseStudyId) {
          await createCaseStudy(input);
          return { redirectTo: CASE_STUDIES_PATH, toast: TOASTS.created };
        }
        if (!(await updateCaseStudy(caseStudyId, input))) return null;
        return { redirectTo: CASE_STUDIES_PATH, toast: TOASTS.updated };
      } catch (error) {
        if (!(error instanceof SlugTakenError)) throw error;
        return {
          status: 400,
          toast: { message: errorToast, description: error.message },
          fieldErrors: { slug: [error.message] },
        };
      }
    },
    failed: (error) => failure(error, errorToast),
  });
}
