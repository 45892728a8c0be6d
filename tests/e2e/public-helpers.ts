import { unique } from "./fixtures";

// Categories of the public specs' own: uniquely named, so tests running in parallel (and other
// suites sharing the database) never see each other's services.

/** A category no other test uses, e.g. "e2e-k3x9a1" (shown as "E2e K3x9a1"). */
export function uniqueCategory(): string {
  return `e2e-${unique("").trim().replace(/\s+/g, "").toLowerCase()}`;
}

/** How the site names a category from uniqueCategory: dashes as spaces, each word capitalised. */
export function categoryShownAs(category: string): string {
  const suffix = category.replace(/^e2e-/, "");
  return `E2e ${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;
}
