import { expect, test, unique } from "./fixtures";

// The admin's services list: 50 a page, a search form, page links keeping the search.

test.beforeEach(async ({ login }) => login());

test("searches the services and pages through the results", async ({ page, sql }) => {
  const word = unique("Armadillo").replace(/\s+/g, "");
  // Inactive, so the public pages of parallel tests never show them.
  await sql`
    insert into services (name, description, category, setup_price, is_active, created_at)
    select ${word} || ' ' || lpad(i::text, 2, '0'), 'Admin paging test.', 'notifications', 100, false,
           now() - i * interval '1 second'
    from generate_series(1, 55) as i`;
  await page.goto("/admin/services");
  await page.getByRole("searchbox", { name: "Search services" }).fill(word);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
  const services = page.getByRole("list", { name: "Services" }).getByRole("listitem");
  await expect(services).toHaveCount(50);
  await expect(services.first()).toHaveAccessibleName(`${word} 01`);
  await expect(page.getByText("55 services")).toBeVisible();

  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&page=2$`));
  await expect(services).toHaveCount(5);
  await expect(services.last()).toHaveAccessibleName(`${word} 55`);
  await expect(page.getByRole("searchbox", { name: "Search services" })).toHaveValue(word);

  await page.getByRole("searchbox", { name: "Search services" }).fill(`${word} nothing-like-this`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No services match this search.")).toBeVisible();
});
