import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "react-router";
import { TOASTS } from "~/copy/admin";
import { requireAdmin } from "~/services/auth.server";
import { redirectWithSuccess, dataWithError } from "~/services/toast.server";
import { createService, updateService } from "~/models/services.server";
import {
  errorDescription,
  errorStatus,
  isThrownResponse,
  notFound,
  requireId,
} from "~/routes/admin/+shared/route-helpers.server";
import { SERVICES_PATH, ServiceEditorSchema } from "./service-editor";

/** The action of /admin/services/new and /admin/services/:serviceId/edit. */
export async function serviceEditorAction({ request, params }: Pick<ActionFunctionArgs, "request" | "params">) {
  await requireAdmin(request);
  const serviceId = params.serviceId === undefined ? undefined : requireId(params.serviceId, "service");
  const submission = parseWithZod(await request.formData(), { schema: ServiceEditorSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = { ...submission.value, imageUrl: submission.value.imageUrl ?? null };
  try {
    if (serviceId) {
      if (!(await updateService(serviceId, input))) notFound("service");
      return redirectWithSuccess(SERVICES_PATH, TOASTS.serviceUpdated);
    }
    await createService(input);
    return redirectWithSuccess(SERVICES_PATH, TOASTS.serviceCreated);
  } catch (error) {
    if (isThrownResponse(error)) throw error;
    return dataWithError(
      { result: submission.reply() },
      {
        message: serviceId ? TOASTS.serviceUpdateError : TOASTS.serviceCreateError,
        description: errorDescription(error),
      },
      { status: errorStatus(error) },
    );
  }
}
