import { ButtonLink } from "~/components/ui/button";
import { ONWARD } from "~/copy/site";

/** Where the error and confirmation pages send the visitor next. */
export function OnwardLinks({ reloadDocument }: { reloadDocument?: boolean }) {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <ButtonLink to="/" size="lg" reloadDocument={reloadDocument}>
        {ONWARD.home}
      </ButtonLink>
      <ButtonLink to="/services" variant="secondary" size="lg" reloadDocument={reloadDocument}>
        {ONWARD.services}
      </ButtonLink>
    </div>
  );
}
