// The admin pages are found the way an admin finds them: by following links in the HTML, so the
// bench keeps up with the pages as they change (the pager's links are named "First page",
// "Previous page", "Next page", "Last page": app/components/admin/pager.tsx).

const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a>/gi;
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&lt;": "<",
  "&gt;": ">",
};
const decode = (text: string) => text.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]);

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}="([^"]*)"`, "i").exec(attributes);
  return match ? decode(match[1]) : null;
}

/** The accessible name of a link: its aria-label, else its text (tags and extra spaces removed). */
function accessibleName(attributes: string, inner: string): string {
  return (
    attribute(attributes, "aria-label") ??
    decode(inner.replace(/<[^>]*>/g, " "))
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * The href of the first link named `name` (exactly), or whose href matches `href`, resolved against
 * `pageUrl` into a path with its query. Null when the page has no such link.
 */
export function findLink(html: string, pageUrl: string, wanted: { name: string } | { href: RegExp }): string | null {
  for (const [, attributes, inner] of html.matchAll(ANCHOR)) {
    const href = attribute(attributes, "href");
    if (href === null) continue;
    const hit = "name" in wanted ? accessibleName(attributes, inner) === wanted.name : wanted.href.test(href);
    if (!hit) continue;
    const url = new URL(href, pageUrl);
    return url.pathname + url.search;
  }
  return null;
}
