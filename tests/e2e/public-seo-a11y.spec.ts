import type { Page } from "@playwright/test";

import { createTestService } from "../support/factories";
import { axe } from "./axe";
import { expect, test } from "./fixtures";

async function seriousViolations(page: Page) {
  const results = await axe(page, (builder) =>
    builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]),
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
}

// axe needs JavaScript in the page, so both passes run in the js project: the hydrated page, and
// the server HTML with the app's scripts blocked, as a visitor without JavaScript gets it.
// Two full axe runs per test take a while on a busy two-core machine.
const AXE_TEST_TIMEOUT_MS = 90_000;

for (const path of ["/", "/services", "/order"]) {
  test(`${path} has no serious or critical accessibility violation`, { tag: "@js" }, async ({ page }) => {
    test.setTimeout(AXE_TEST_TIMEOUT_MS);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), `with JavaScript at ${width} px`).toEqual([]);
    }
  });

  test(
    `${path} without JavaScript has no serious or critical accessibility violation`,
    { tag: "@js" },
    async ({ page }) => {
      test.setTimeout(AXE_TEST_TIMEOUT_MS);
      // Without the bundle nothing hydrates: the page stays as the server rendered it.
      await page.route("**/*", (route) =>
        route.request().resourceType() === "script" ? route.abort() : route.continue(),
      );
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await seriousViolations(page), `without JavaScript at ${width} px`).toEqual([]);
      }
    },
  );
}

test.describe("search and sharing", () => {
  test("each page has its title, description, canonical URL and sharing cards", async ({ page, sql, baseURL }) => {
    const [settings] =
      await sql`select company_name, workflow_tool_name, homepage_headline, homepage_subtext from site_settings`;
    const company = settings.company_name;
    const tool = settings.workflow_tool_name;
    const pages = [
      {
        path: "/",
        title: `${company} | ${settings.homepage_headline}`,
        description: settings.homepage_subtext,
      },
      {
        path: "/services?q=crm",
        canonical: "/services",
        title: `Our Automation Services | ${company}`,
        description: `Browse ${company}'s ${tool} automation services: AI assistants, e-commerce, marketing and data workflows with clear setup and monthly prices.`,
      },
      {
        path: "/order?service=x",
        canonical: "/order",
        title: `Order a Service | ${company}`,
        description: `Request a ${tool} automation from ${company}: choose a service, tell us about your project, and we reply within 24 hours.`,
      },
    ];
    for (const expected of pages) {
      await page.goto(expected.path);
      await expect(page).toHaveTitle(expected.title);
      const canonical = new URL(expected.canonical ?? expected.path, baseURL).toString();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", expected.description);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", expected.title);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
      await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", company);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /^summary/);
      await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute("content", expected.title);
    }
  });

  test("the services page describes the organisation and its priced services in JSON-LD", async ({ page, sql, db }) => {
    const service = await createTestService(db, { isActive: true, setupPrice: 420, monthlyPrice: 42 });
    const [settings] = await sql`select company_name from site_settings`;
    await page.goto("/services");
    const text = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(text ?? "{}");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: settings.company_name,
    });
    const entry = data.hasOfferCatalog.itemListElement.find((item: { name: string }) => item.name === service.name);
    expect(entry).toMatchObject({
      "@type": "Service",
      offers: [
        { "@type": "Offer", price: "420.00", priceCurrency: "USD" },
        { "@type": "Offer", name: "Ongoing Support", price: "42.00", priceCurrency: "USD" },
      ],
    });
  });

  test("robots.txt keeps crawlers out of the admin area and names the sitemap", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
    const body = await robots.text();
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    for (const path of ["/", "/services", "/order"]) expect(xml).toContain(`<loc>${new URL(path, baseURL)}</loc>`);
  });
});
