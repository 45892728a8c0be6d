import { SERVICES, faqItems } from "../../app/copy/site";
import { categoryLabel } from "../../app/lib/categories";
import { expect, test, unique } from "./fixtures";
import { createService, uniqueCategory } from "./public-helpers";

test.describe("services page", () => {
  test("lists active services as cards with icon, badge, prices and an order link", async ({ page, sql }) => {
    const category = uniqueCategory();
    const supported = await createService(sql, { category, featured: true, setupPrice: 450, monthlyPrice: 35 });
    const oneOff = await createService(sql, { category: "ecommerce", setupPrice: 199.5, monthlyPrice: 0 });
    const inactive = await createService(sql, { category, isActive: false });
    await page.goto("/services");

    await expect(page.getByRole("heading", { level: 1, name: SERVICES.heading })).toBeVisible();
    await expect(page.getByPlaceholder(SERVICES.searchPlaceholder)).toBeVisible();
    const categories = page.getByRole("combobox", { name: "Category" });
    await expect(categories.locator("option").first()).toHaveText(SERVICES.allCategories);
    await expect(categories.locator("option", { hasText: categoryLabel(category) })).toHaveCount(1);

    const first = page.getByRole("article", { name: supported.name });
    await expect(first.getByText(SERVICES.featured, { exact: true })).toBeVisible();
    await expect(first.getByText("$450")).toBeVisible();
    await expect(first.getByText("+ $35/mo")).toBeVisible();
    await expect(first.getByText(SERVICES.ongoingSupport)).toBeVisible();
    await expect(first.locator("[data-category-icon]")).toHaveAttribute("data-category-icon", category);
    await expect(first.getByRole("link", { name: `${SERVICES.orderNow}: ${supported.name}` })).toHaveAttribute(
      "href",
      `/order?service=${supported.id}`,
    );

    const second = page.getByRole("article", { name: oneOff.name });
    await expect(second.getByText("$199.50")).toBeVisible();
    await expect(second.getByText(SERVICES.ongoingSupport)).toHaveCount(0);
    await expect(second.getByText(SERVICES.featured, { exact: true })).toHaveCount(0);
    await expect(second.locator("svg.lucide-shopping-cart")).toHaveCount(1);

    await expect(page.getByText(inactive.name)).toHaveCount(0);
    const [settings] = await sql`select workflow_tool_name from site_settings`;
    for (const item of faqItems(settings.workflow_tool_name)) {
      await expect(page.getByRole("heading", { name: item.question })).toBeVisible();
    }
  });

  test("searching and choosing a category filter the grid and the URL", async ({ page, sql }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    const category = uniqueCategory();
    const word = unique("Zebra").replace(/\s+/g, "");
    const match = await createService(sql, { category, name: `${word} Lead Router` });
    const sameCategory = await createService(sql, { category });
    const elsewhere = await createService(sql, { category: "notifications", name: `${word} Alerts` });
    await page.goto("/services");

    const search = page.getByPlaceholder(SERVICES.searchPlaceholder);
    await search.fill(word);
    if (!javaScript) await page.getByRole("button", { name: SERVICES.applyFilters }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    await expect(page.getByRole("article", { name: match.name })).toBeVisible();
    await expect(page.getByRole("article", { name: elsewhere.name })).toBeVisible();
    await expect(page.getByRole("article", { name: sameCategory.name })).toHaveCount(0);
    await expect(page.getByRole("article")).toHaveCount(2);

    await page.getByRole("combobox", { name: "Category" }).selectOption({ label: categoryLabel(category) });
    if (!javaScript) await page.getByRole("button", { name: SERVICES.applyFilters }).click();
    await expect(page).toHaveURL(new RegExp(`category=${category}`));
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article", { name: match.name })).toBeVisible();

    await search.fill(`${word} nothing-matches-this`);
    if (!javaScript) await page.getByRole("button", { name: SERVICES.applyFilters }).click();
    await expect(page.getByText(SERVICES.empty)).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test(
    "typing key by key keeps every key, and the URL follows without reloading page data",
    { tag: "@js" },
    async ({ page, sql }) => {
      const word = unique("Quokka").replace(/\s+/g, "");
      const match = await createService(sql, { category: uniqueCategory(), name: `${word} Order Sync` });
      await page.goto("/services");
      const dataRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
      });
      // Slow answers are what let an older URL overwrite newer keystrokes.
      await page.route(/\.data(\?|$)/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });

      const search = page.getByPlaceholder(SERVICES.searchPlaceholder);
      const typed = `${word} order sync`;
      await search.pressSequentially(typed.slice(0, 6), { delay: 30 });
      await page.waitForTimeout(350);
      await search.pressSequentially(typed.slice(6), { delay: 60 });

      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(typed).replace(/%20/g, "\\+")}$`));
      await expect(search).toHaveValue(typed);
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("article", { name: match.name })).toBeVisible();
      expect(dataRequests).toEqual([]);
    },
  );

  test("a category no longer offered shows every service under All Categories", async ({ page, sql }) => {
    const service = await createService(sql, { category: uniqueCategory() });
    await page.goto("/services?category=no-such-category");
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("");
    await expect(page.getByRole("article", { name: service.name })).toBeVisible();
    await expect(page.getByText(SERVICES.empty)).toHaveCount(0);
  });

  test("a filtered view can be linked", async ({ page, sql }) => {
    const category = uniqueCategory();
    const one = await createService(sql, { category });
    const two = await createService(sql, { category });
    await page.goto(`/services?category=${category}`);
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue(category);
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.goto(`/services?category=${category}&q=${encodeURIComponent(two.name)}`);
    await expect(page.getByPlaceholder(SERVICES.searchPlaceholder)).toHaveValue(two.name);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article", { name: two.name })).toBeVisible();
    await expect(page.getByRole("article", { name: one.name })).toHaveCount(0);
  });

  test("the grid has one, two or three columns by width", async ({ page, sql }) => {
    const category = uniqueCategory();
    for (let i = 0; i < 3; i++) await createService(sql, { category });
    for (const [width, columns] of [
      [320, 1],
      [700, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/services?category=${category}`);
      const tops = await page
        .getByRole("article")
        .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().top));
      expect(tops.filter((top) => top === tops[0])).toHaveLength(columns);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
});

test("while the catalogue loads after a click, the spec's loading text shows", { tag: "@js" }, async ({ page }) => {
  await page.goto("/order");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/services.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("banner").getByRole("link", { name: "Services", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: SERVICES.loading })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: SERVICES.heading })).toBeVisible();
  await expect(page.getByText(SERVICES.loading)).toHaveCount(0);
});
