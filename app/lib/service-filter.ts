import { categoryLabel } from "./categories";

// The Services page's search and category filter. The server render applies it (for visitors
// without JavaScript and for linked filtered views); the page applies the same function as the
// visitor types.

export interface ServiceFilter {
  q: string;
  category: string;
}

type Filterable = { name: string; description: string; category: string };

const MAX_QUERY_CHARS = 100;

export function readServiceFilter(params: URLSearchParams): ServiceFilter {
  return {
    q: (params.get("q") ?? "").slice(0, MAX_QUERY_CHARS),
    category: params.get("category") ?? "",
  };
}

/** The query string for a filter, leaving out empty parts so the plain page stays /services. */
export function serviceFilterSearch(filter: ServiceFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.category) params.set("category", filter.category);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function filterServices<T extends Filterable>(services: T[], filter: ServiceFilter): T[] {
  const words = filter.q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return services.filter((service) => {
    if (filter.category && service.category !== filter.category) return false;
    const text = `${service.name} ${service.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The distinct categories present, ordered by their label. */
export function distinctCategories(services: Filterable[]): string[] {
  return [...new Set(services.map((service) => service.category))].sort((a, b) =>
    categoryLabel(a).localeCompare(categoryLabel(b)),
  );
}
