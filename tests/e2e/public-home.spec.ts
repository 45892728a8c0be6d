import { createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { expect, test, unique, withRecordLock } from "./fixtures";

test.describe("home page", () => {
  test("shows the hero, featured services, founder and contact sections in the spec's order", async ({
    page,
    sql,
    db,
  }) => {
    const featured = await createTestService(db, {
      isActive: true,
      featured: true,
      setupPrice: 1234,
      monthlyPrice: 56,
    });
    // The page as the settings and the founder are now (the hero's figures their defaults), none of
    // them being edited by another spec meanwhile.
    const { settings, figuresOf } = await withRecordLock(
      sql,
      ["site_settings", "founder_info"],
      async () => {
        const [settings] =
          await sql`select homepage_headline, homepage_subtext, whatsapp_number, workflow_tool_name, company_name from site_settings`;
        const [figuresOf] = await sql`select experience_years, projects_completed, clients_served from founder_info`;
        await page.goto("/");
        return { settings, figuresOf };
      },
      { shared: true },
    );

    const headline = page.getByRole("heading", { level: 1 });
    await expect(headline).toHaveText(settings.homepage_headline, { timeout: 15_000 });
    await expect(page.getByText(settings.homepage_subtext)).toBeVisible();
    await expect(page.getByText(`${settings.workflow_tool_name} & AI automation experts`)).toBeVisible();
    await expect(page.getByRole("link", { name: "View Services" })).toHaveAttribute("href", "/services");
    const chat = page.getByRole("link", { name: "Try AI Chat Demo" });
    await expect(chat).toHaveAttribute("href", "/chat");
    await expect(chat).toHaveAttribute("data-open-chat", "");
    const whatsappText = `Hi! I'm interested in your ${settings.workflow_tool_name} automation services. Can you help me?`;
    await expect(page.getByRole("link", { name: "WhatsApp Chat" })).toHaveAttribute(
      "href",
      `https://wa.me/${settings.whatsapp_number.replace(/\D/g, "")}?text=${encodeURIComponent(whatsappText)}`,
    );
    // Figures Site Content has not changed follow Founder Info, so the hero and the founder agree.
    const figures = page.locator("main section").first().locator("dl");
    await expect(figures.getByRole("term")).toHaveText([
      productText("Projects Completed"),
      productText("Happy Clients"),
      productText("Years Experience"),
    ]);
    await expect(figures.getByRole("definition")).toHaveText([
      `${figuresOf.projects_completed}+`,
      `${figuresOf.clients_served}+`,
      `${figuresOf.experience_years}+`,
    ]);

    const featuredSection = page.getByRole("region", { name: "Featured Services" });
    const cards = featuredSection.getByRole("article");
    expect(await cards.count()).toBeLessThanOrEqual(6);
    const card = featuredSection.getByRole("article", { name: featured.name });
    await expect(card.getByText("Featured", { exact: true })).toBeVisible();
    await expect(card.getByText(featured.description)).toBeVisible();
    await expect(card.getByText("$1,234")).toBeVisible();
    await expect(card.getByText("+ $56/mo")).toBeVisible();
    await expect(card.getByRole("link", { name: `Order: ${featured.name}` })).toHaveAttribute(
      "href",
      `/order?service=${featured.id}`,
    );
    await expect(featuredSection.getByRole("link", { name: "View All Services" })).toHaveAttribute("href", "/services");

    const [founder] = await sql`select name, bio, projects_completed from founder_info where id = 1`;
    if (founder) {
      const founderSection = page.getByRole("region", { name: "Meet the Founder" });
      await expect(founderSection.getByRole("heading", { name: founder.name })).toBeVisible();
      const projects = founderSection.getByRole("definition").filter({ hasText: `${founder.projects_completed}+` });
      await expect(projects).toBeVisible();
      await expect(founderSection.getByText("Projects Completed")).toBeVisible();
      // The demo's bio names the company as {company}: shown as the company's name of today.
      await expect(founderSection).not.toContainText("{company}");
      if (founder.bio.includes("{company}")) await expect(founderSection).toContainText(settings.company_name);
    }
    const contact = page.getByRole("region", { name: "Get in Touch" });
    await expect(
      contact.getByText("Tell us what slows your team down. We will show you what can run on its own."),
    ).toBeVisible();
    await expect(contact.getByRole("complementary", { name: "Contact information" })).toContainText(
      "We'll get back to you within 24 hours.",
    );

    const order = await page
      .locator("h1, h2")
      .evaluateAll((headings) => headings.map((h) => h.textContent?.trim() ?? ""));
    const positions = ["Featured Services", "Meet the Founder", "Get in Touch"].map((text) => order.indexOf(text));
    expect(positions[0]).toBeGreaterThan(0);
    expect(positions[2]).toBeGreaterThan(positions[0]);
    if (founder) expect(positions[1]).toBeGreaterThan(positions[0]);
  });

  test("the server HTML carries the whole headline", async ({ request, sql }) => {
    const [settings] = await sql`select homepage_headline from site_settings`;
    const html = await (await request.get("/")).text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${settings.homepage_headline.replace(/[&<>]/g, "")}</h1>`));
  });

  test("at 1280 px the hero's Messenger button never sits alone on a row of its own", async ({ page, sql }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The demo's settings give both messaging apps; none being edited meanwhile.
    await withRecordLock(
      sql,
      "site_settings",
      async () => {
        const [settings] = await sql`select whatsapp_number, messenger_link from site_settings`;
        expect([Boolean(settings.whatsapp_number), Boolean(settings.messenger_link)]).toEqual([true, true]);
        await page.goto("/");
      },
      { shared: true },
    );
    const hero = page.locator("main section").first();
    const tops = async (names: string[]) => {
      const boxes = await Promise.all(names.map((name) => hero.getByRole("link", { name, exact: true }).boundingBox()));
      return boxes.map((box) => Math.round(box?.y ?? -1));
    };
    const [whatsapp, messenger] = await tops([productText("WhatsApp Chat"), productText("Messenger")]);
    expect(messenger).toBe(whatsapp);
  });

  test.describe("typing the headline", () => {
    test.use({ reducedMotion: "no-preference" });

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

    test(
      "with reduced motion the whole headline shows at once and stays while another page types it",
      { tag: "@js" },
      async ({ page, sql }) => {
        const [settings] = await sql`select homepage_headline from site_settings`;
        // Every state the headline goes through, from the first byte of the page on.
        await page.addInitScript(() => {
          const states: string[] = [];
          Object.assign(window, { headlineStates: states });
          const record = () => {
            const h1 = document.querySelector("h1");
            const state = h1 ? `${h1.hasAttribute("data-typing") ? "typing" : "still"}:${h1.textContent}` : "";
            if (state && state !== states.at(-1)) states.push(state);
          };
          new MutationObserver(record).observe(document, {
            subtree: true,
            childList: true,
            characterData: true,
            attributes: true,
          });
        });
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto("/");
        // Hydrated: the contact form gains the field only running forms post.
        await expect(page.locator('input[name="enhanced"]')).toHaveCount(1);

        // Meanwhile a page without the preference types the headline from start to end.
        const typing = await page.context().newPage();
        await typing.goto("/");
        const typed = typing.getByRole("heading", { level: 1 });
        await expect(typed).toHaveAttribute("data-typing", "");
        await expect(typed).not.toHaveAttribute("data-typing", { timeout: 15_000 });
        await typing.close();

        const headline = page.getByRole("heading", { level: 1 });
        await expect(headline).toHaveText(settings.homepage_headline);
        await expect(headline).not.toHaveAttribute("data-typing");
        expect(await page.evaluate(() => (window as unknown as { headlineStates: string[] }).headlineStates)).toEqual([
          `still:${settings.homepage_headline}`,
        ]);
      },
    );
  });

  test("inactive featured services are not shown", async ({ page, db }) => {
    const hidden = await createTestService(db, { featured: true, isActive: false });
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Featured Services" })).toBeVisible();
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
    const form = page.getByRole("form", { name: "Get in Touch" });
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Email").fill("grace@example.com");
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send Message" }).click();

    const toast = page.getByRole("status").filter({ hasText: "Message sent!" });
    await expect(toast).toContainText("We'll get back to you within 24 hours.");
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
    // The address stays the page's, never the action's "/?index".
    expect(new URL(page.url()).search).toBe("");
    const rows = await sql`select name, email, message from contact_messages where message = ${message}`;
    expect(rows).toEqual([{ name: "Grace Hopper", email: "grace@example.com", message }]);
  });

  test("missing fields are named and what was typed stays", async ({ page, sql }) => {
    const name = unique("Incomplete");
    await page.goto("/");
    const form = page.getByRole("form", { name: "Get in Touch" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(form.getByText("Please enter a message.")).toBeVisible();
    // Without JavaScript the answer is a new page: it opens at the form, where the errors are.
    await expect(form.getByText("Please enter a message.")).toBeInViewport();
    await expect(form.getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Name")).toHaveValue(name);
    await expect(form.getByLabel("Email")).toHaveValue("not-an-email");
    expect(await sql`select 1 from contact_messages where name = ${name}`).toHaveLength(0);
  });

  test("the button reads 'Sending...' while the message is on its way", { tag: "@js" }, async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Get in Touch" });
    await form.getByLabel("Name").fill("Katherine Johnson");
    await form.getByLabel("Email").fill("katherine@example.com");
    await form.getByLabel("Message").fill(unique("Slow network"));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    const toast = page.getByRole("status").filter({ hasText: "Message sent!" });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(0, { timeout: 10_000 });
  });
});
