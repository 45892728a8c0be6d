import type { ActionFunctionArgs } from "react-router";

import { CLIENT_LOGO_TEXTS, PROOF_TOASTS } from "~/copy/proof";
import { readForm } from "~/lib/read-form.server";
import { listCaseStudyTitles } from "~/models/case-studies.server";
import { listAllServices } from "~/models/services.server";
import { createClientLogo, createTestimonial, updateClientLogo, updateTestimonial } from "~/models/testimonials.server";
import { optionalId } from "~/routes/admin/+shared/route-helpers.server";
import { failure, imageRefused, saveForm } from "~/routes/admin/+shared/save-form.server";
import { imageFieldValue } from "~/services/images.server";

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
    async save({ about, photoFile, ...value }) {
      const photo = await imageFieldValue(photoFile, value.photoUrl);
      if ("error" in photo)
        return imageRefused(photo.error, testimonialId ? toasts.updateError : toasts.createError, "photoFile");
      const input = {
        ...value,
        role: value.role ?? null,
        company: value.company ?? null,
        photoUrl: photo.url,
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
    async save({ imageFile, ...value }) {
      const errorToast = logoId ? toasts.updateError : toasts.createError;
      const image = await imageFieldValue(imageFile, value.imageUrl);
      if ("error" in image) return imageRefused(image.error, errorToast, "imageFile");
      if (!image.url) {
        return {
          status: 400,
          toast: { message: errorToast },
          fieldErrors: { imageUrl: [CLIENT_LOGO_TEXTS.imageMissing] },
        };
      }
      const input = { ...value, imageUrl: image.url };
      if (!logoId) {
        await createClientLogo(input);
        return { redirectTo: TESTIMONIALS_PATH, toast: toasts.created };
      }
      if (!(await updateClientLogo(logoId, input))) return null;
      return { redirectTo: TESTIMONIALS_PATH, toast: toasts.updated };
    },
    failed: (error) => failure(error, logoId ? toasts.updateError : toasts.createError),
  });
}
