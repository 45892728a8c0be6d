import { productText } from "../support/product-text";
import { expectFormOpened, openAdmin } from "./admin-helpers";
import { seriousViolations } from "./axe";
import { expect, test, unique } from "./fixtures";

// Case studies, testimonials and client logos: the admin screens with and without JavaScript,
// and the public /work pages at a phone's and a laptop's width (docs/product.md 14.1). The public
// checks read the demo content the e2e server seeds.

const DEMO_SLUG = "clinic-booking-assistant";
const WIDTHS = [375, 1280];

test.describe("admin", () => {
  test.beforeEach(async ({ login }) => login());

  test("creates and publishes a case study; a taken slug is refused on its field", async ({ page, sql }) => {
    const title = unique("E2E Warehouse Bot");
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    try {
      await openAdmin(page, "/admin/case-studies");
      await page
        .getByRole("link", { name: productText("Add Case Study") })
        .first()
        .click();
      await expectFormOpened(page, productText("Add Case Study"));
      await page.getByLabel(productText("Title"), { exact: true }).fill(title);
      await page.getByLabel(productText("Client name")).fill("Cedar & Co");
      await page.getByLabel(productText("Industry"), { exact: true }).fill("Logistics");
      await page.getByLabel(productText("The problem")).fill("Pick lists were printed and typed again.");
      await page.getByLabel(productText("What we built")).fill("A **scanner app** that updates stock.");
      await page.getByLabel("Figure 1").fill("5 h");
      await page.getByLabel("Label 1").fill("saved per day");
      await page.getByLabel(productText("Published"), { exact: true }).check();
      await page.getByRole("button", { name: productText("Create Case Study") }).click();

      await expect(page.getByText(productText("Case study created"))).toBeVisible();
      const row = page.getByRole("listitem", { name: title });
      await expect(row.getByText(productText("Published"), { exact: true })).toBeVisible();
      await expect(row.getByText(`/work/${slug}`)).toBeVisible();

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/work/${slug}`);
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(page.getByText("saved per day")).toBeVisible();
        await expect(page.locator("strong", { hasText: "scanner app" })).toBeVisible();
      }

      await openAdmin(page, "/admin/case-studies/new");
      await page.getByLabel(productText("Title"), { exact: true }).fill("Another title");
      await page.getByLabel(productText("Slug"), { exact: true }).fill(slug);
      await page.getByLabel(productText("Client name")).fill("Someone");
      await page.getByLabel(productText("Industry"), { exact: true }).fill("Retail");
      await page.getByLabel(productText("The problem")).fill("p");
      await page.getByLabel(productText("What we built")).fill("s");
      await page.getByRole("button", { name: productText("Create Case Study") }).click();
      await expect(
        page.getByText(
          productText.pattern('The slug "{slug}" is already used by another case study. Choose another one.', slug),
        ),
      ).toBeVisible();
      await expect(page.getByLabel(productText("Title"), { exact: true })).toHaveValue("Another title");
    } finally {
      await sql`delete from case_studies where slug = ${slug} or title = 'Another title'`;
    }
  });

  test("adds a testimonial and a client logo that the home page shows", async ({ page, sql }) => {
    const name = unique("E2E Client");
    const logo = unique("E2E Logo Co");
    try {
      await openAdmin(page, "/admin/testimonials");
      await page.getByRole("link", { name: productText("Add Testimonial") }).click();
      await expectFormOpened(page, productText("Add Testimonial"));
      await page.getByLabel(productText("Quote")).fill("They automated our invoices in a week.");
      await page.getByLabel(productText("Name"), { exact: true }).fill(name);
      await page.getByLabel(productText("Company (optional)")).fill("Lumen Labs");
      await page.getByRole("button", { name: productText("Create Testimonial") }).click();
      await expect(page.getByText(productText("Testimonial created"))).toBeVisible();
      await expect(page.getByRole("listitem", { name })).toBeVisible();

      await page.getByRole("link", { name: productText("Add Logo") }).click();
      await expectFormOpened(page, productText("Add Client Logo"));
      await page.getByLabel(productText("Client name (alt text)")).fill(logo);
      await page.getByLabel(productText("Logo image URL")).fill("/demo/logos/lumen.svg");
      await page.getByRole("button", { name: productText("Create Logo") }).click();
      await expect(page.getByText(productText("Logo added"))).toBeVisible();

      await page.goto("/");
      const testimonials = page.getByRole("region", { name: productText("What Clients Say") });
      await expect(testimonials.getByText(name)).toBeVisible();
      const logos = page.getByRole("region", { name: productText("Trusted by teams at") });
      await expect(logos.getByRole("img", { name: logo })).toHaveAttribute("width", "160");
    } finally {
      await sql`delete from testimonials where name = ${name}`;
      await sql`delete from client_logos where alt_text = ${logo}`;
    }
  });
});

test("a visitor filters /work by industry and opens a case study, at 375 and 1280 px", async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/work");
    await expect(page.getByRole("heading", { level: 1, name: productText("Our Work") })).toBeVisible();
    const filter = page.getByRole("search", { name: productText("Filter case studies") });
    await filter.getByLabel(productText("Industry")).selectOption("Healthcare");
    await filter.getByRole("button", { name: productText("Filter") }).click();
    // A plain GET form: the empty service choice is in the address too.
    await expect(page).toHaveURL(/\/work\?service=&industry=Healthcare$/);
    const cards = page.getByRole("region", { name: productText("Case studies") }).getByRole("article");
    await expect(cards).toHaveCount(1);
    await cards.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/work/${DEMO_SLUG}$`));
    await expect(page.getByRole("heading", { level: 2, name: productText("Results"), exact: true })).toBeVisible();
    // The cover keeps its box while it loads: no layout shift.
    await expect(page.locator("article header img")).toHaveAttribute("height", "630");
  }
});

test("/work and a case study have no serious accessibility violation", { tag: "@js" }, async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of ["/work", `/work/${DEMO_SLUG}`]) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
    }
  }
});
