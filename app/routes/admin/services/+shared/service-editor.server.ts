import type { ActionFunctionArgs } from "react-router";

import { TOASTS } from "~/copy/admin";
import { readForm } from "~/lib/read-form.server";
import { createService, updateService } from "~/models/services.server";
import { optionalId } from "~/routes/admin/+shared/route-helpers.server";
import { failure, imageRefused, saveForm } from "~/routes/admin/+shared/save-form.server";
import { imageFieldValue } from "~/services/images.server";

import { ServiceEditorSchema, SERVICES_PATH } from "./service-editor";

/** The action of /admin/services/new and /admin/services/:serviceId/edit. */
export async function serviceEditorAction({ request, params, context }: ActionFunctionArgs) {
  const serviceId = optionalId(params.serviceId, "service");
  return saveForm(context, await readForm(request), {
    schema: ServiceEditorSchema,
    record: "service",
    async save({ imageFile, ...value }) {
      const image = await imageFieldValue(imageFile, value.imageUrl);
      if ("error" in image)
        return imageRefused(image.error, serviceId ? TOASTS.service.updateError : TOASTS.service.createError);
      const input = { ...value, imageUrl: image.url };
      if (!serviceId) {
        await createService(input);
        return { redirectTo: SERVICES_PATH, toast: TOASTS.service.created };
      }
      if (!(await updateService(serviceId, input))) return null;
      return { redirectTo: SERVICES_PATH, toast: TOASTS.service.updated };
    },
    failed: (error) => failure(error, serviceId ? TOASTS.service.updateError : TOASTS.service.createError),
  });
}
