import { z } from "zod";

import { categoryLabel } from "./categories";

// The Services page's search, category filter and page, as the URL carries them. The server
// reads them (app/models/services.server.ts searches in SQL); the page writes them as the
// visitor types, chooses or follows a page link.

export interface ServiceFilter {
  q: string;
  category: string;
}

export interface CatalogueQuery extends ServiceFilter {
  /** 1-based. */
  page: number;
}

const MAX_QUERY_CHARS = 100;
// Far past any catalogue's last page; keeps OFFSET a small number whatever the URL says.
const MAX_PAGE = 10_000;

// A malformed part reads as its default: an edited or truncated link still shows a page.
const CatalogueQuerySchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((q) => q.slice(0, MAX_QUERY_CHARS)),
  category: z.string().catch(""),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

export function readServiceFilter(params: URLSearchParams): CatalogueQuery {
  return CatalogueQuerySchema.parse({
    q: params.get("q") ?? "",
    category: params.get("category") ?? "",
    page: params.get("page") ?? 1,
  });
}

/** The query string for a filter and page, leaving out empty parts so the plain page stays /services. */
export function serviceFilterSearch({ q, category, page = 1 }: ServiceFilter & { page?: number }): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The words a service's name or description must all contain. */
export function searchWords(q: string): string[] {
  return q.trim().split(/\s+/).filter(Boolean);
}

/** Categories ordered by their label, as the filter lists them. */
export function sortCategories(categories: readonly string[]): string[] {
  return [...categories].sort((a, b) => categoryLabel(a).localeCompare(categoryLabel(b)));
}
