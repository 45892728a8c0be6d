import { siteOrigin } from "~/lib/site-url.server";

// The Sitemap line needs an absolute URL, which only SITE_URL gives (app/lib/site-url.server.ts).
export function loader() {
  const origin = siteOrigin();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    ...(origin ? ["", `Sitemap: ${origin}/sitemap.xml`] : []),
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
