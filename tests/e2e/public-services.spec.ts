import { createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { expect, test, unique } from "./fixtures";
import { categoryShownAs, uniqueCategory } from "./public-helpers";

test.describe("services page", () => {
  test("lists active services as cards with icon, badge, prices and an order link", async ({
    page,
    sql,
    db,
    dollarPrices: _,
  }) => {
    const category = uniqueCategory();
    // A word of this test's services: the catalogue shows 24 at a time, among other tests' ones.
    const word = unique("Okapi").replace(/\s+/g, "");
    const supported = await createTestService(db, {
      isActive: true,
      category,
      featured: true,
      setupPrice: 450,
      monthlyPrice: 35,
      description: `${word} keeps the books in step.`,
    });
    const oneOff = await createTestService(db, {
      isActive: true,
      category: "ecommerce",
      setupPrice: 199.5,
      monthlyPrice: 0,
      description: `${word} syncs the shop.`,
    });
    const inactive = await createTestService(db, { category, isActive: false, description: `${word} is off.` });
    await page.goto(`/services?q=${word}`);

    await expect(page.getByRole("heading", { level: 1, name: "Our Automation Services" })).toBeVisible();
    await expect(page.getByPlaceholder("Search services...")).toBeVisible();
    const categories = page.getByRole("combobox", { name: "Category" });
    await expect(categories.locator("option").first()).toHaveText("All Categories");
    await expect(categories.locator("option", { hasText: categoryShownAs(category) })).toHaveCount(1);

    const first = page.getByRole("article", { name: supported.name });
    await expect(first.getByText("Featured", { exact: true })).toBeVisible();
    await expect(first.getByText("$450")).toBeVisible();
    await expect(first.getByText("+ $35/mo")).toBeVisible();
    await expect(first.getByText("Ongoing Support")).toBeVisible();
    await expect(first.locator("[data-category-icon]")).toHaveAttribute("data-category-icon", category);
    await expect(first.getByRole("link", { name: `Order Now: ${supported.name}` })).toHaveAttribute(
      "href",
      `/order?service=${supported.id}`,
    );

    const second = page.getByRole("article", { name: oneOff.name });
    await expect(second.getByText("$199.50")).toBeVisible();
    await expect(second.getByText("Ongoing Support")).toHaveCount(0);
    await expect(second.getByText("Featured", { exact: true })).toHaveCount(0);
    await expect(second.locator("use[href$='#shopping-cart']")).toHaveCount(1);

    await expect(page.getByText(inactive.name)).toHaveCount(0);
    const [settings] = await sql`select workflow_tool_name from site_settings`;
    await expect(page.getByRole("heading", { level: 2, name: "Frequently Asked Questions" })).toBeVisible();
    for (const question of [
      `What is ${settings.workflow_tool_name}?`,
      "How long does setup take?",
      "Do I need technical knowledge?",
      "What does ongoing support include?",
    ]) {
      await expect(page.getByRole("heading", { level: 3, name: question })).toBeVisible();
    }
    await expect(page.getByText("Most automations are set up within 3-7 business days.")).toBeVisible();
  });

  test("searching and choosing a category filter the grid and the URL", async ({ page, db }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    const category = uniqueCategory();
    const word = unique("Zebra").replace(/\s+/g, "");
    const match = await createTestService(db, { isActive: true, category, name: `${word} Lead Router` });
    const sameCategory = await createTestService(db, { isActive: true, category });
    const elsewhere = await createTestService(db, {
      isActive: true,
      category: "notifications",
      name: `${word} Alerts`,
    });
    await page.goto("/services");

    const search = page.getByPlaceholder("Search services...");
    await search.fill(word);
    if (!javaScript) await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    await expect(page.getByRole("article", { name: match.name })).toBeVisible();
    await expect(page.getByRole("article", { name: elsewhere.name })).toBeVisible();
    await expect(page.getByRole("article", { name: sameCategory.name })).toHaveCount(0);
    await expect(page.getByRole("article")).toHaveCount(2);

    await page.getByRole("combobox", { name: "Category" }).selectOption({ label: categoryShownAs(category) });
    if (!javaScript) await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`category=${category}`));
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article", { name: match.name })).toBeVisible();

    await search.fill(`${word} nothing-matches-this`);
    if (!javaScript) await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByText("No services found matching your criteria.")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);

    // The way out of an empty result: every service again, the boxes emptied.
    await page.getByRole("link", { name: productText("Clear filters") }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("article", { name: match.name })).toBeVisible();
    await expect(search).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("");
    await expect(page.getByRole("link", { name: productText("Clear filters") })).toHaveCount(0);
  });

  test(
    "typing key by key keeps every key while the list for an earlier pause is on its way",
    { tag: "@js" },
    async ({ page, db }) => {
      const word = unique("Quokka").replace(/\s+/g, "");
      const match = await createTestService(db, {
        isActive: true,
        category: uniqueCategory(),
        name: `${word} Order Sync`,
      });
      await page.goto("/services");
      const dataRequests: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
      });
      // Answers held until the last key are what would let an older URL overwrite newer keystrokes.
      let typingDone: () => void = () => {};
      const afterTyping = new Promise<void>((resolve) => (typingDone = resolve));
      await page.route(/\.data(\?|$)/, async (route) => {
        await afterTyping;
        // The answer for an earlier pause may have been given up on by then.
        await route.continue().catch(() => {});
      });

      const search = page.getByPlaceholder("Search services...");
      const typed = `${word} order sync`;
      // The first letters at once (key by key, a loaded machine can pause between two of them
      // long enough for a search of its own); then typing pauses: the list for those letters is
      // asked for, and more keys come after it.
      await search.fill(typed.slice(0, 6));
      await expect.poll(() => dataRequests.length).toBe(1);
      expect(new URL(dataRequests[0]).searchParams.get("q")).toBe(typed.slice(0, 6));
      await search.pressSequentially(typed.slice(6), { delay: 60 });
      typingDone();

      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(typed).replace(/%20/g, "\\+")}$`));
      await expect(search).toHaveValue(typed);
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("article", { name: match.name })).toBeVisible();
      // Words, not letters: one request for each pause in the typing. A busy machine stalls the keys
      // now and then (a pause of its own), so the bound leaves room for that and stays far below the
      // twenty-odd letters typed after the first request.
      expect(dataRequests.length).toBeLessThanOrEqual(6);
    },
  );

  test("a category no longer offered shows every service under All Categories", async ({ page, db }) => {
    const service = await createTestService(db, { isActive: true, category: uniqueCategory() });
    await page.goto("/services?category=no-such-category");
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("");
    await expect(page.getByRole("article", { name: service.name })).toBeVisible();
    await expect(page.getByText("No services found matching your criteria.")).toHaveCount(0);
  });

  test("a filtered view can be linked", async ({ page, db }) => {
    const category = uniqueCategory();
    const one = await createTestService(db, { isActive: true, category });
    const two = await createTestService(db, { isActive: true, category });
    await page.goto(`/services?category=${category}`);
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue(category);
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.goto(`/services?category=${category}&q=${encodeURIComponent(two.name)}`);
    await expect(page.getByPlaceholder("Search services...")).toHaveValue(two.name);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article", { name: two.name })).toBeVisible();
    await expect(page.getByRole("article", { name: one.name })).toHaveCount(0);
  });

  test("the grid has one, two or three columns by width", async ({ page, db }) => {
    const category = uniqueCategory();
    for (let i = 0; i < 3; i++) await createTestService(db, { isActive: true, category });
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
  await expect(page.getByRole("status").filter({ hasText: "Loading services..." })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Our Automation Services" })).toBeVisible();
  await expect(page.getByText("Loading services...")).toHaveCount(0);
});
