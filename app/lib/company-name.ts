import { categorySlug } from "./categories";

// The demo's texts name the company through its name in site settings, so that renaming the
// company renames it everywhere (docs/product.md, Starting content).

/** Written in the founder's bio, it shows the company name from site settings. */
export const COMPANY_PLACEHOLDER = "{company}";

export function withCompanyName(text: string, companyName: string): string {
  return text.replaceAll(COMPANY_PLACEHOLDER, companyName);
}

/** The demo's support address for a company name: "FlowForge Automation" → hello@flowforge-automation.example. */
export function demoSupportEmail(companyName: string): string {
  return `hello@${categorySlug(companyName) || "company"}.example`;
}

/**
 * The support address to store when the company is renamed: the demo's address follows the new
 * name unless the admin typed another one; any other address stays as it is.
 */
export function supportEmailAfterRename(
  before: { companyName: string; supportEmail: string },
  after: { companyName: string; supportEmail: string },
): string {
  const untouchedDemo =
    after.supportEmail === before.supportEmail && before.supportEmail === demoSupportEmail(before.companyName);
  return untouchedDemo ? demoSupportEmail(after.companyName) : after.supportEmail;
}
