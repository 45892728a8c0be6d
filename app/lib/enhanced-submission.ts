// Posted only by forms running with JavaScript (components/site/enhanced-flag.tsx). Their actions
// then answer with data (the page stays, the form resets) instead of the Post/Redirect/Get that a
// plain form post needs.

export const ENHANCED_FIELD = "enhanced";

export function isEnhancedSubmission(formData: FormData): boolean {
  return formData.get(ENHANCED_FIELD) === "true";
}
