import { LegalPage } from "~/components/site/legal-page";
import { publicPageMeta } from "~/components/site/page-meta";
import { LEGAL } from "~/copy/site";
import { renderMarkdown } from "~/lib/markdown.server";
import { legalPage } from "~/services/legal.server";

import type { Route } from "./+types/terms";

export async function loader() {
  const { markdown, ipStatement } = await legalPage("terms");
  return { html: renderMarkdown(markdown), ipStatement };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={LEGAL.termsTitle} html={loaderData.html} ipStatement={loaderData.ipStatement} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return publicPageMeta(matches, (settings) => ({
    title: LEGAL.termsTitle,
    description: LEGAL.termsDescription(settings.companyName),
    path: "/terms",
  }));
}
