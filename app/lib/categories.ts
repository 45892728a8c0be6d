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

// Capitalising "ai" gives "Ai", which reads as a name: abbreviations an admin is likely to use in
// a category are written in capitals, so every place that names a category shows the same label.
const ACRONYMS = new Set(["ai", "api", "b2b", "b2c", "crm", "erp", "hr", "it", "pdf", "seo", "sms", "ui", "ux"]);

/**
 * The stored form of a category as an admin may type it: "Consulting & Audits" →
 * "consulting-audits". Accents are dropped and every run of other characters becomes one dash, so
 * a label shown by categoryLabel comes back to its own category.
 */
export function categorySlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * "social-media" → "Social Media", "ai-automation" → "AI Automation": dashes as spaces, each word
 * capitalised (docs/product.md, Services page), known abbreviations in capitals. The one label
 * for a category: the filter, the cards and the admin list all use it.
 */
export function categoryLabel(category: string): string {
  return category
    .split("-")
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}
