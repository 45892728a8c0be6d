import { getEnv } from "./env.server";

/** The public origin for canonical URLs, the sitemap and JSON-LD: SITE_URL, else the request's. */
export function siteOrigin(request: Request): string {
  return new URL(getEnv().SITE_URL ?? request.url).origin;
}
