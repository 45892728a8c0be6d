import type { ActionFunctionArgs } from "react-router";

import { PROOF_TOASTS } from "~/copy/proof";
import { readForm } from "~/lib/read-form.server";
import { listCaseStudyTitles } from "~/models/case-studies.server";
import { listAllServices } from "~/models/services.server";
import { createClientLogo, createTestimonial, updateClientLogo, updateTestimonial } from "~/models/testimonials.server";
import { optionalId } from "~/routes/admin/+shared/route-helpers.server";
import { failure, saveForm } from "~/routes/admin/+shared/save-form.server";

import type { AboutChoices } from "./testimonial-editor";
import { ClientLogoEditorSchema, readAbout, TestimonialEditorSchema, TESTIMONIALS_PATH } from "./testimonial-editor";

/** What a testimonial can be about: the case studies and the services. */
export async function aboutChoices(): Promise<AboutChoices> {
  const [caseStudies, services] = await Promise.all([listCaseStudyTitles(), listAllServices()]);
  return { caseStudies, services: services.map(({ id, name }) => ({ id, name })) };
}

/** The action of /admin/testimonials/new and /admin/testimonials/:testimonialId/edit. */
export async function testimonialEditorAction({ request, params, context }: ActionFunctionArgs) {
  const testimonialId = optionalId(params.testimonialId, "record");
  const toasts = PROOF_TOASTS.testimonial;
  return saveForm(context, await readForm(request), {
    schema: TestimonialEditorSchema,
    async save({ about, ...value }) {
      const input = {
        ...value,
        role: value.role ?? null,
        company: value.company ?? null,
        photoUrl: value.photoUrl ?? null,
        ...readAbout(about),
      };
      if (!testimonialId) {
        await createTestimonial(input);
        return { redirectTo: TESTIMONIALS_PATH, toast: toasts.created };
      }
      if (!(await updateTestimonial(testimonialId, input))) return null;
      return { redirectTo: TESTIMONIALS_PATH, toast: toasts.updated };
    },
    failed: (error) => failure(error, testimonialId ? toasts.updateError : toasts.createError),
  });
}

/** The action of /admin/testimonials/logos/new and /admin/testimonials/logos/:logoId/edit. */
export async function clientLogoEditorAction({ request, params, context }: ActionFunctionArgs) {
  const logoId = optionalId(params.logoId, "record");
  const toasts = PROOF_TOASTS.clientLogo;
  return saveForm(context, await readForm(request), {
    schema: ClientLogoEditorSchema,
    async save(value) {
      if (!logoId) {
        await createClientLogo(value);
        return { redirectTo: TESTIMONIALS_PATH, toast: toasts.created };
      }
      if (!(await updateClientLogo(logoId, value))) return null;
      return { redirectTo: TESTIMONIALS_PATH, toast: toasts.updated };
    },
    failed: (error) => failure(error, logoId ? toasts.updateError : toasts.createError),
  });
}
