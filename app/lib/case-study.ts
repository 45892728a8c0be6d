import { categorySlug } from "./categories";

// Pure rules of case studies, shared by the admin form (in the browser too) and the public pages.

export const MAX_SLUG_LENGTH = 80;

/** Lowercase letters and digits in words joined by single dashes: safe in /work/<slug>. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a title gives when the admin leaves the field empty: "Clinic Booking Bot!" → "clinic-booking-bot". */
export function slugFromTitle(title: string): string {
  return categorySlug(title).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, "");
}

/** "n8n, OpenAI ,, HubSpot" → ["n8n", "OpenAI", "HubSpot"]: empty and repeated names dropped. */
export function parseTools(text: string | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (text ?? "").split(",")) {
    const tool = part.trim();
    if (tool && ![...seen].some((known) => known.toLowerCase() === tool.toLowerCase())) seen.add(tool);
  }
  return [...seen];
}

export interface WorkFilter {
  /** A service id, or "" for every service. */
  service: string;
  /** An industry as written on the case studies, or "" for every industry. */
  industry: string;
}

export function readWorkFilter(params: URLSearchParams): WorkFilter {
  return { service: params.get("service")?.trim() ?? "", industry: params.get("industry")?.trim().slice(0, 100) ?? "" };
}

/** The query string of a filtered /work, without the empty parts ("" for the whole list). */
export function workFilterSearch({ service, industry }: WorkFilter): string {
  const params = new URLSearchParams();
  if (service) params.set("service", service);
  if (industry) params.set("industry", industry);
  const search = params.toString();
  return search ? `?${search}` : "";
}
