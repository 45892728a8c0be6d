import { CONTACT, FEATURED, FOUNDER, HERO } from "../../app/copy/site";
import { whatsappMessage } from "../../app/lib/messaging";
import { expect, test, unique } from "./fixtures";
import { createService } from "./public-helpers";

test.describe("home page", () => {
  test("shows the hero, featured services, founder and contact sections in the spec's order", async ({ page, sql }) => {
    const featured = await createService(sql, { featured: true, setupPrice: 1234, monthlyPrice: 56 });
    const [settings] =
      await sql`select homepage_headline, homepage_subtext, whatsapp_number, workflow_tool_name from site_settings`;
    await page.goto("/");

    const headline = page.getByRole("heading", { level: 1 });
    await expect(headline).toHaveText(settings.homepage_headline, { timeout: 15_000 });
    await expect(page.getByText(settings.homepage_subtext)).toBeVisible();
    await expect(page.getByRole("link", { name: HERO.viewServices })).toHaveAttribute("href", "/services");
    const chat = page.getByRole("link", { name: HERO.tryChat });
    await expect(chat).toHaveAttribute("href", "/chat");
    await expect(chat).toHaveAttribute("data-open-chat", "");
    const whatsapp = page.getByRole("link", { name: HERO.whatsapp });
    await expect(whatsapp).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/${settings.whatsapp_number.replace(/\D/g, "")}\\?text=`),
    );
    await expect(whatsapp).toHaveAttribute(
      "href",
      new RegExp(encodeURIComponent(whatsappMessage(settings.workflow_tool_name)).replace(/[()?.*+]/g, "\\$&")),
    );
    for (const stat of HERO.stats) {
      await expect(page.getByText(stat.value, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(stat.label, { exact: true }).first()).toBeVisible();
    }

    const featuredSection = page.getByRole("region", { name: FEATURED.heading });
    const cards = featuredSection.getByRole("article");
    expect(await cards.count()).toBeLessThanOrEqual(6);
    const card = featuredSection.getByRole("article", { name: featured.name });
    await expect(card.getByText("Featured", { exact: true })).toBeVisible();
    await expect(card.getByText(featured.description)).toBeVisible();
    await expect(card.getByText("$1,234")).toBeVisible();
    await expect(card.getByText("+ $56/mo")).toBeVisible();
    await expect(card.getByRole("link", { name: `${FEATURED.order}: ${featured.name}` })).toHaveAttribute(
      "href",
      `/order?service=${featured.id}`,
    );
    await expect(featuredSection.getByRole("link", { name: FEATURED.viewAll })).toHaveAttribute("href", "/services");

    const [founder] = await sql`select name from founder_info where id = 1`;
    if (founder) {
      const founderSection = page.getByRole("region", { name: FOUNDER.heading });
      await expect(founderSection.getByRole("heading", { name: founder.name })).toBeVisible();
      await expect(founderSection.getByText(FOUNDER.stats.projectsCompleted)).toBeVisible();
    }
    await expect(page.getByRole("region", { name: CONTACT.heading }).getByText(CONTACT.replyPromise)).toBeVisible();

    const order = await page
      .locator("h1, h2")
      .evaluateAll((headings) => headings.map((h) => h.textContent?.trim() ?? ""));
    const positions = [FEATURED.heading, FOUNDER.heading, CONTACT.heading].map((text) => order.indexOf(text));
    expect(positions[0]).toBeGreaterThan(0);
    expect(positions[2]).toBeGreaterThan(positions[0]);
    if (founder) expect(positions[1]).toBeGreaterThan(positions[0]);
  });

  test("the server HTML carries the whole headline", async ({ request, sql }) => {
    const [settings] = await sql`select homepage_headline from site_settings`;
    const html = await (await request.get("/")).text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${settings.homepage_headline.replace(/[&<>]/g, "")}</h1>`));
  });

  // 375 px is where the seeded headline once broke mid-word while typing; 1280 is the desktop.
  for (const width of [375, 1280]) {
    test(
      `the headline types out without moving the page at ${width} px, then the cursor goes`,
      { tag: "@js" },
      async ({ page, sql }) => {
        const [settings] = await sql`select homepage_headline from site_settings`;
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/");
        const headline = page.getByRole("heading", { level: 1 });
        await expect(headline).toHaveAttribute("data-typing", "");
        // Sampled every frame while typing: one changed box is a visible jump.
        const boxes = await headline.evaluate(
          (h1) =>
            new Promise<string[]>((resolve) => {
              const seen = new Set<string>();
              const sample = () => {
                const a = h1.getBoundingClientRect();
                const b = h1.nextElementSibling!.getBoundingClientRect();
                seen.add([a.top, a.height, a.width, b.top].join(","));
                if (h1.hasAttribute("data-typing")) requestAnimationFrame(sample);
                else resolve([...seen]);
              };
              sample();
            }),
        );
        await expect(headline).toHaveText(settings.homepage_headline);
        expect(boxes).toHaveLength(1);
      },
    );
  }

  test("with reduced motion the headline shows at once", { tag: "@js" }, async ({ page, sql }) => {
    const [settings] = await sql`select homepage_headline from site_settings`;
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const headline = page.getByRole("heading", { level: 1 });
    await expect(headline).toHaveText(settings.homepage_headline);
    await page.waitForTimeout(300);
    await expect(headline).not.toHaveAttribute("data-typing");
  });

  test("inactive featured services are not shown", async ({ page, sql }) => {
    const hidden = await createService(sql, { featured: true, isActive: false });
    await page.goto("/");
    await expect(page.getByRole("region", { name: FEATURED.heading })).toBeVisible();
    await expect(page.getByText(hidden.name)).toHaveCount(0);
  });
});

test.describe("contact form", () => {
  test("a message is stored and acknowledged, and the form is cleared", async ({ page, sql }, testInfo) => {
    const javaScript = testInfo.project.name === "js";
    const message = unique("Please automate our weekly report");
    await page.goto("/");
    // Screen readers announce text put into a live region already in the page.
    await page
      .locator("[role=status], [role=alert]")
      .evaluateAll((regions) => regions.forEach((region) => region.setAttribute("data-before-submit", "")));
    const form = page.getByRole("form", { name: CONTACT.heading });
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Email").fill("grace@example.com");
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: CONTACT.submit }).click();

    const toast = page.getByRole("status").filter({ hasText: CONTACT.success.message });
    await expect(toast).toContainText(CONTACT.success.description);
    const dismiss = toast.getByRole("button", { name: "Dismiss notification" });
    if (javaScript) {
      await expect(toast).toHaveAttribute("data-before-submit", "");
      await dismiss.click();
      await expect(toast).toHaveCount(0);
    } else {
      await expect(dismiss).toHaveCount(0);
    }
    await expect(form.getByLabel("Message")).toHaveValue("");
    await expect(form.getByLabel("Name")).toHaveValue("");
    const rows = await sql`select name, email, message from contact_messages where message = ${message}`;
    expect(rows).toEqual([{ name: "Grace Hopper", email: "grace@example.com", message }]);
  });

  test("missing fields are named and what was typed stays", async ({ page, sql }) => {
    const name = unique("Incomplete");
    await page.goto("/");
    const form = page.getByRole("form", { name: CONTACT.heading });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: CONTACT.submit }).click();

    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByText("Please enter a message.")).toBeVisible();
    await expect(form.getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Name")).toHaveValue(name);
    await expect(form.getByLabel("Email")).toHaveValue("not-an-email");
    expect(await sql`select 1 from contact_messages where name = ${name}`).toHaveLength(0);
  });

  test("the button reads 'Sending...' while the message is on its way", { tag: "@js" }, async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: CONTACT.heading });
    await form.getByLabel("Name").fill("Katherine Johnson");
    await form.getByLabel("Email").fill("katherine@example.com");
    await form.getByLabel("Message").fill(unique("Slow network"));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await form.getByRole("button", { name: CONTACT.submit }).click();
    await expect(form.getByRole("button", { name: CONTACT.sending })).toBeDisabled();
    release();
    await expect(form.getByRole("button", { name: CONTACT.submit })).toBeEnabled();
    const toast = page.getByRole("status").filter({ hasText: CONTACT.success.message });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(0, { timeout: 10_000 });
  });
});
