import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A GET navigation that changes only the query string of the page already shown, such as the
 * Services filter following the visitor's typing. Loaders whose data does not depend on the
 * query string can skip it.
 */
export function isSamePageQueryChange({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs): boolean {
  return !formMethod && currentUrl.pathname === nextUrl.pathname;
}
