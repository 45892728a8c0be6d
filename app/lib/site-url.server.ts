import { getEnv } from "./env.server";

/**
 * The public origin for canonical URLs, the sitemap, JSON-LD and the media links sent to webhooks:
 * SITE_URL's, or null when it is unset. Never the request's: Host and X-Forwarded-Host are
 * whatever the client wrote, and a page cached for one visitor, or a link handed to n8n, must
 * not carry another host. Without it the pages leave their absolute URLs out (server/main.ts warns).
 */
export function siteOrigin(): string | null {
  const siteUrl = getEnv().SITE_URL;
  return siteUrl ? new URL(siteUrl).origin : null;
}
