export const KNOWN_CATEGORIES = [
  "ai-automation",
  "business-automation",
  "ecommerce",
  "social-media",
  "email-marketing",
  "custom-solutions",
  "data-management",
  "notifications",
] as const;

/** "social-media" → "Social Media": dashes as spaces, each word capitalised (spec, Services page). */
export function categoryLabel(category: string): string {
  return category
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
