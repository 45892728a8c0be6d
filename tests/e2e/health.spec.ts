import { expect, test } from "./fixtures";

test("the seeded home page renders with the company name", async ({ page, sql }) => {
  const [settings] = await sql`select company_name from site_settings`;
  await page.goto("/");
  await expect(page.getByText(settings.company_name).first()).toBeVisible();
});

test("an unknown page answers 404 in the site's look", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
