import { siteOrigin } from "~/lib/site-url.server";
import type { Route } from "./+types/sitemap";

// The public pages worth indexing; the order confirmation and the admin area are not.
const SITEMAP_PATHS = ["/", "/services", "/order"] as const;

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`);

export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${escapeXml(new URL(path, origin).toString())}</loc></url>`);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
