import { RouteDialog } from "~/components/admin/route-dialog";
import { adminTitle } from "~/copy/admin";
import { TESTIMONIAL_TEXTS } from "~/copy/proof";

import { TestimonialEditor, TESTIMONIALS_PATH } from "./+shared/testimonial-editor";
import { aboutChoices, testimonialEditorAction } from "./+shared/testimonial-editor.server";
import type { Route } from "./+types/new";

export async function loader() {
  return { choices: await aboutChoices() };
}

export function action(args: Route.ActionArgs) {
  return testimonialEditorAction(args);
}

export default function NewTestimonial({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteDialog title={TESTIMONIAL_TEXTS.createTitle} backTo={TESTIMONIALS_PATH}>
      <TestimonialEditor choices={loaderData.choices} lastResult={actionData?.result} />
    </RouteDialog>
  );
}

export function meta() {
  return [{ title: adminTitle(TESTIMONIAL_TEXTS.createTitle) }];
}
