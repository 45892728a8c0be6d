import { productText } from "../support/product-text";
import { openAdmin } from "./admin-helpers";
import { expect, test, unique, withRecordLock } from "./fixtures";

// With JavaScript and without: the admin edits the home page's figures, the founded
// year, the order page's next steps, the FAQ and the terms; the public pages link the privacy
// policy and the terms. Each change is restored in a finally, under the settings' lock: the specs
// that check the figures' and the year's defaults load their page under its shared form.

test.describe("site content", () => {
  test.beforeEach(async ({ login }) => login());

  test("edits the home page's figures and the founded year, shown in the hero and the footer", async ({
    page,
    sql,
  }) => {
    await withRecordLock(sql, "site_settings", async () => {
      const [original] = await sql`select hero_stats, founded_year, company_name from site_settings`;
      const label = unique("Workflows Live");
      try {
        await openAdmin(page, "/admin/content");
        await page.getByLabel("First figure", { exact: true }).fill("321+");
        await page.getByLabel("First figure's label").fill(label);
        await page.getByLabel("Third figure", { exact: true }).fill("12+");
        await page.getByLabel("Founded year").fill("2013");
        await page.getByRole("button", { name: "Save Content" }).click();
        await expect(page.getByText("Content updated successfully!")).toBeVisible();
        await expect(page.getByLabel("Founded year")).toHaveValue("2013");

        await page.goto("/");
        const figures = page.locator("dl").filter({ has: page.getByRole("term").getByText(label, { exact: true }) });
        await expect(figures.getByRole("definition")).toHaveText(["321+", "80+", "12+"]);
        await expect(figures.getByRole("term")).toHaveText([label, "Happy Clients", "Years Experience"]);
        await expect(
          page
            .getByRole("contentinfo")
            .getByText(`© 2013–${new Date().getFullYear()} ${original.company_name}. All rights reserved.`),
        ).toBeVisible();
      } finally {
        await sql`update site_settings set hero_stats = ${sql.json(original.hero_stats)}, founded_year = ${original.founded_year}`;
      }
    });
  });

  test("edits the order page's next steps", async ({ page, sql }) => {
    await withRecordLock(sql, "site_settings", async () => {
      const [original] = await sql`select next_steps from site_settings`;
      const step = unique("We send you a welcome pack");
      try {
        await openAdmin(page, "/admin/content");
        await expect(page.getByRole("heading", { name: "Site Content" })).toBeVisible();
        const steps = page.getByLabel("What happens next?");
        await steps.fill(`${await steps.inputValue()}\n${step}`);
        await page.getByRole("button", { name: "Save Content" }).click();
        await expect(page.getByText("Content updated successfully!")).toBeVisible();
        await page.goto("/order");
        await expect(page.getByText(step)).toBeVisible();
      } finally {
        await sql`update site_settings set next_steps = ${original.next_steps === null ? null : sql.json(original.next_steps)}`;
      }
    });
  });

  test("adds, moves and removes a FAQ question", async ({ page, sql }) => {
    // Three saves, each a page load without JavaScript, on a shared machine.
    test.slow();
    await withRecordLock(sql, "site_settings", async () => {
      const [original] = await sql`select faq from site_settings`;
      const question = unique("Do you work on weekends?");
      try {
        await openAdmin(page, "/admin/content");
        await page.getByLabel("New question").fill(question);
        await page.getByLabel("New answer").fill("Only for emergencies.");
        await page.getByRole("button", { name: "Add Question" }).click();
        await expect(page.getByText("Content updated successfully!")).toBeVisible();
        await expect(page.getByRole("textbox", { name: "Question 5" })).toHaveValue(question);
        await page.getByRole("button", { name: "Move up question 5" }).click();
        await expect(page.getByRole("textbox", { name: "Question 4" })).toHaveValue(question);
        await page.goto("/services");
        const faq = page.getByRole("heading", { level: 3 });
        await expect(faq.nth(3)).toHaveText(question);

        await openAdmin(page, "/admin/content");
        await page.getByRole("button", { name: "Remove question 4" }).click();
        await expect(page.getByRole("textbox", { name: "Question 4" })).not.toHaveValue(question);
        const [stored] = await sql`select faq from site_settings`;
        expect(stored.faq.map((item: { question: string }) => item.question)).not.toContain(question);
      } finally {
        await sql`update site_settings set faq = ${original.faq === null ? null : sql.json(original.faq)}`;
      }
    });
  });

  test("edits the terms, shown on /terms with HTML escaped", async ({ page, sql }) => {
    await withRecordLock(sql, "site_settings", async () => {
      const [original] = await sql`select terms from site_settings`;
      const heading = unique("Payment terms");
      try {
        await openAdmin(page, "/admin/legal");
        await page.getByLabel("Terms and conditions").fill(`## ${heading}\n\n<b>not bold</b> Pay within 14 days.`);
        await page.getByRole("button", { name: "Save Texts" }).click();
        await expect(page.getByText("Texts updated successfully!")).toBeVisible();
        await page.goto("/terms");
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
        await expect(page.getByText("<b>not bold</b> Pay within 14 days.")).toBeVisible();
      } finally {
        await sql`update site_settings set terms = ${original.terms}`;
      }
    });
  });

  test("moves a webhook down and up the order", async ({ page, sql }) => {
    const names = [unique("Order hook A"), unique("Order hook B")];
    for (const name of names) {
      await sql`insert into webhooks (name, url, method, headers, is_active)
        values (${name}, 'https://example.com/hook', 'POST', '{}'::jsonb, true)`;
    }
    const positions = async () => {
      const rows = await sql`select name from webhooks where name in ${sql(names)} order by position`;
      return rows.map((row) => row.name as string);
    };
    try {
      await openAdmin(page, "/admin/webhooks");
      await page.getByRole("button", { name: `Move down ${names[0]}` }).click();
      await expect(page.getByText("Webhook order updated")).toBeVisible();
      expect(await positions()).toEqual([names[1], names[0]]);
      await page.getByRole("button", { name: `Move up ${names[0]}` }).click();
      await expect(page.getByText("Webhook order updated").first()).toBeVisible();
      await expect.poll(positions).toEqual(names);
    } finally {
      await sql`delete from webhooks where name in ${sql(names)}`;
    }
  });
});

test("links the privacy policy and the terms from the footer, the order and contact forms and the chat", async ({
  page,
}) => {
  await page.goto("/order");
  // Inside the terms line itself: its words "terms and conditions".
  const termsLink = page
    .getByRole("form", { name: "Your details" })
    .getByRole("link", { name: "terms and conditions", exact: true });
  await expect(termsLink).toHaveAttribute("href", "/terms");
  await expect(termsLink).toHaveAttribute("target", "_blank");
  await expect(page.getByLabel(productText("I agree to the terms and conditions"))).toBeVisible();
  const legal = page.getByRole("navigation", { name: "Legal" });
  await expect(legal.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await legal.getByRole("link", { name: "Terms and Conditions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeVisible();
  await page.goto("/chat");
  await page.locator("main").getByRole("link", { name: "Privacy Policy" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your address and our chat partners" })).toBeVisible();
  await expect(page.getByText(/Contact messages/)).toBeVisible();
  await page.goto("/");
  await expect(page.locator("#contact-form").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
});
