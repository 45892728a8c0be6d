import { data } from "react-router";

import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle } from "~/copy/admin";
import { TESTIMONIAL_TEXTS } from "~/copy/proof";
import { getTestimonial } from "~/models/testimonials.server";
import { requireId } from "~/routes/admin/+shared/route-helpers.server";

import { TestimonialEditor, TESTIMONIALS_PATH } from "./+shared/testimonial-editor";
import { aboutChoices, testimonialEditorAction } from "./+shared/testimonial-editor.server";
import type { Route } from "./+types/edit";

export async function loader({ params }: Route.LoaderArgs) {
  const [testimonial, choices] = await Promise.all([getTestimonial(requireId(params.testimonialId)), aboutChoices()]);
  if (!testimonial) throw data(TESTIMONIAL_TEXTS.gone, { status: 404 });
  return { testimonial, choices };
}

export function action(args: Route.ActionArgs) {
  return testimonialEditorAction(args);
}

export default function EditTestimonial({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={TESTIMONIAL_TEXTS.editTitle} backTo={TESTIMONIALS_PATH}>
      <TestimonialEditor
        key={loaderData.testimonial.id}
        testimonial={loaderData.testimonial}
        choices={loaderData.choices}
        lastResult={actionData?.result}
      />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(TESTIMONIAL_TEXTS.editTitle) }];
}
