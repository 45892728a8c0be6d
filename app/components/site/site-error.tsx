import { isRouteErrorResponse } from "react-router";

import { ErrorText } from "~/components/ui/error-text";
import { errorPageText } from "~/copy/site";

import { OnwardLinks } from "./onward-links";

/** The 404, 503 and error page content, inside the site's header and footer. */
export function SiteError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, detail } = errorPageText(status);
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center px-6 py-20 text-center">
      <ErrorText
        status={status}
        title={title}
        detail={detail}
        headingClassName="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
      />
      {/* A whole new page: whatever went wrong here stays behind. */}
      <OnwardLinks reloadDocument />
    </section>
  );
}
