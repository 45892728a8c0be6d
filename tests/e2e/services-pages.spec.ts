import type postgres from "postgres";

import { expect, test, unique } from "./fixtures";
import { categoryShownAs, uniqueCategory } from "./public-helpers";

// The catalogue shows 24 services a page; page links are plain links that keep the search and
// the category, with JavaScript on and off.

const PAGE_SIZE = 24;

/** `count` active services in a category of their own, "<word> 001" the newest. */
async function seedCategory(sql: postgres.Sql, count: number) {
  const category = uniqueCategory();
  const word = unique("Pangolin").replace(/\s+/g, "");
  await sql`
    insert into services (name, description, category, setup_price, created_at)
    select ${word} || ' ' || lpad(i::text, 3, '0'), 'Keeps record ' || i || ' in step.', ${category}, 100,
           now() - i * interval '1 second'
    from generate_series(1, ${count}) as i`;
  const name = (i: number) => `${word} ${String(i).padStart(3, "0")}`;
  return { category, word, name };
}

test("pages through a category: first, middle and last page, each link keeping the filter", async ({ page, sql }) => {
  const { category, name } = await seedCategory(sql, 2 * PAGE_SIZE + 5);
  await page.goto(`/services?category=${category}`);
  const cards = page.getByRole("article");
  const pages = page.getByRole("navigation", { name: "Pages" });

  await expect(cards).toHaveCount(PAGE_SIZE);
  await expect(cards.first()).toHaveAccessibleName(name(1));
  await expect(pages.getByText("Previous")).not.toHaveAttribute("href");
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?category=${category}&page=2$`));
  await expect(cards).toHaveCount(PAGE_SIZE);
  await expect(cards.first()).toHaveAccessibleName(name(PAGE_SIZE + 1));
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue(category);

  await pages.getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?category=${category}&page=3$`));
  await expect(cards).toHaveCount(5);
  await expect(cards.last()).toHaveAccessibleName(name(2 * PAGE_SIZE + 5));
  await expect(pages.getByText("Next")).not.toHaveAttribute("href");

  await pages.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?category=${category}&page=2$`));
  await expect(cards.first()).toHaveAccessibleName(name(PAGE_SIZE + 1));
});

test("a search keeps its words across pages, and a new search starts at the first page", async ({
  page,
  sql,
}, testInfo) => {
  const javaScript = testInfo.project.name === "js";
  const { category, word, name } = await seedCategory(sql, PAGE_SIZE + 3);
  await page.goto("/services");
  await page.getByPlaceholder("Search services...").fill(word);
  if (!javaScript) await page.getByRole("button", { name: "Apply filters" }).click();
  // Without JavaScript the form also sends the empty category.
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}(&category=)?$`));
  await expect(page.getByRole("article")).toHaveCount(PAGE_SIZE);
  await expect(page.getByRole("status").filter({ hasText: `${PAGE_SIZE + 3} services` })).toBeAttached();

  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&page=2$`));
  await expect(page.getByRole("article")).toHaveCount(3);
  await expect(page.getByPlaceholder("Search services...")).toHaveValue(word);

  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: categoryShownAs(category) });
  if (!javaScript) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&category=${category}$`));
  await expect(page.getByRole("article").first()).toHaveAccessibleName(name(1));
  await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 1" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("a list that fits on one page has no page links", async ({ page, sql }) => {
  const { category } = await seedCategory(sql, PAGE_SIZE);
  await page.goto(`/services?category=${category}`);
  await expect(page.getByRole("article")).toHaveCount(PAGE_SIZE);
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
});
