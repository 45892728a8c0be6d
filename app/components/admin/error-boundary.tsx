import { isRouteErrorResponse, useRouteError } from "react-router";

import { ErrorPanel } from "~/components/ui/error-text";
import { COMMON_TEXTS } from "~/copy/admin";

/**
 * What the admin layout's error boundary shows for any admin screen: a 403, a 404 (with the
 * server's message) or an unexpected error.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 403
      ? COMMON_TEXTS.error.forbidden
      : status === 404
        ? COMMON_TEXTS.error.notFound
        : COMMON_TEXTS.error.failed;
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : status === 404
        ? COMMON_TEXTS.error.notFoundDetail
        : COMMON_TEXTS.error.failedDetail;
  return (
    <ErrorPanel
      as="section"
      className="py-16"
      status={status}
      title={title}
      detail={detail}
      home={{ href: "/admin", label: COMMON_TEXTS.backToDashboard }}
    />
  );
}
