import { PLAIN_NOT_FOUND } from "~/copy/site";
import { siteOrigin } from "~/lib/site-url.server";
import { listPublishedSlugs } from "~/models/case-studies.server";

// The public pages worth indexing; the order confirmation and the admin area are not.
const SITEMAP_PATHS = ["/", "/services", "/work", "/order", "/privacy", "/terms"] as const;

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`);

// A sitemap lists absolute URLs, and only SITE_URL gives them (app/lib/site-url.server.ts): without
// it there is no sitemap, and robots.txt names none.
export async function loader() {
  const origin = siteOrigin();
  if (!origin) {
    return new Response(PLAIN_NOT_FOUND.sitemap, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // Published case studies only: a draft's address is a 404.
  const caseStudies = (await listPublishedSlugs()).map(({ slug }) => `/work/${slug}`);
  const urls = [...SITEMAP_PATHS, ...caseStudies].map(
    (path) => `  <url><loc>${escapeXml(new URL(path, origin).toString())}</loc></url>`,
  );
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
