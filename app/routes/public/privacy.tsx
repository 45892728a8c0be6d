import { LegalPage } from "~/components/site/legal-page";
import { publicPageMeta } from "~/components/site/page-meta";
import { LEGAL } from "~/copy/site";
import { renderMarkdown } from "~/lib/markdown.server";
import { legalPage } from "~/services/legal.server";

import type { Route } from "./+types/privacy";

export async function loader() {
  const { markdown, ipStatement } = await legalPage("privacy");
  return { html: renderMarkdown(markdown), ipStatement };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={LEGAL.privacyTitle} html={loaderData.html} ipStatement={loaderData.ipStatement} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return publicPageMeta(matches, (settings) => ({
    title: LEGAL.privacyTitle,
    description: LEGAL.privacyDescription(settings.companyName),
    path: "/privacy",
  }));
}
