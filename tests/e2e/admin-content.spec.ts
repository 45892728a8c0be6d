import { productText } from "../support/product-text";
import { openAdmin } from "./admin-helpers";
import { expect, test, unique, withRecordLock } from "./fixtures";

// Settings, founder and integrations are single records shared with the public site's tests:
// only fields no public test asserts on are changed, and each is restored in a finally.

test.beforeEach(async ({ login }) => login());

test.describe("site settings", () => {
  test("saves a changed business address", async ({ page, sql }) => {
    await withRecordLock(sql, "site_settings", async () => {
      const [original] = await sql`select business_address from site_settings`;
      const address = unique("42 Test Street");
      try {
        await openAdmin(page, "/admin/settings");
        await expect(page.getByRole("heading", { name: "Site Settings" })).toBeVisible();
        await page.getByLabel("Business address").fill(address);
        await page.getByRole("button", { name: "Save Settings" }).click();
        await expect(page.getByText("Settings updated successfully!")).toBeVisible();
        await expect(page.getByLabel("Business address")).toHaveValue(address);
        const [stored] = await sql`select business_address from site_settings`;
        expect(stored.business_address).toBe(address);
      } finally {
        await sql`update site_settings set business_address = ${original.business_address}`;
      }
    });
  });

  test("refuses a colour that is not hex and a URL that is not http(s), saving nothing", async ({ page, sql }) => {
    await withRecordLock(sql, "site_settings", async () => {
      await openAdmin(page, "/admin/settings");
      await page.getByLabel("Primary colour").fill("red");
      await page.getByLabel("Logo URL").fill("javascript:alert(1)");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText("Primary colour must be a hex colour such as #4f46e5")).toBeVisible();
      await expect(page.getByText("Logo URL must be a web address starting with http:// or https://")).toBeVisible();
      await expect(page.getByLabel("Primary colour")).toHaveValue("red");
      expect(
        await sql`select 1 from site_settings where primary_color = 'red' or logo_url like 'javascript:%'`,
      ).toHaveLength(0);
    });
  });
});

test.describe("founder information", () => {
  test("saves a changed social link", async ({ page, sql }) => {
    await withRecordLock(sql, "founder_info", async () => {
      const [original] = await sql`select social_links from founder_info`;
      const github = `https://github.com/${unique("e2e").replace(/\s+/g, "-")}`;
      try {
        await openAdmin(page, "/admin/founder");
        await page.getByLabel("GitHub").fill(github);
        await page.getByRole("button", { name: "Save Founder Info" }).click();
        await expect(page.getByText("Founder information updated successfully!")).toBeVisible();
        const [stored] = await sql`select social_links from founder_info`;
        expect(stored.social_links.github).toBe(github);
        expect(stored.social_links.linkedin).toBe(original.social_links.linkedin);
      } finally {
        await sql`update founder_info set social_links = ${sql.json(original.social_links)}`;
      }
    });
  });

  test("a founder form with errors keeps what was typed and saves nothing", async ({ page, sql }) => {
    await withRecordLock(sql, "founder_info", async () => {
      const bio = unique("A typed bio");
      await openAdmin(page, "/admin/founder");
      await page.getByLabel("Name").fill("   ");
      await page.getByLabel("Bio").fill(bio);
      await page.getByRole("button", { name: "Save Founder Info" }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
      await expect(page.getByLabel("Bio")).toHaveValue(bio);
      expect(await sql`select 1 from founder_info where bio = ${bio} or trim(name) = ''`).toHaveLength(0);
    });
  });

  test("adds a skill with Enter and removes it, each saved at once", async ({ page, sql }) => {
    await withRecordLock(sql, "founder_info", async () => {
      const skill = unique("E2E Skill");
      try {
        await openAdmin(page, "/admin/founder");
        const box = page.getByLabel("New skill");
        await box.fill(`  ${skill}  `);
        await box.press("Enter");
        await expect(page.getByText("Founder information updated successfully!")).toBeVisible();
        const skills = page.getByRole("list", { name: "Skills" });
        await expect(skills.getByText(skill, { exact: true })).toBeVisible();
        await expect(page.getByLabel("New skill")).toHaveValue("");
        expect((await sql`select skills from founder_info`)[0].skills).toContain(skill);

        await page.getByRole("button", { name: `Remove skill ${skill}` }).click();
        await expect(skills.getByText(skill, { exact: true })).toHaveCount(0);
        expect((await sql`select skills from founder_info`)[0].skills).not.toContain(skill);
      } finally {
        await sql`update founder_info set skills = array_remove(skills, ${skill})`;
      }
    });
  });

  test("adds a skill with the plus button; a blank skill is refused", async ({ page, sql }) => {
    await withRecordLock(sql, "founder_info", async () => {
      const skill = unique("E2E Plus Skill");
      try {
        await openAdmin(page, "/admin/founder");
        await page.getByLabel("New skill").fill("   ");
        await page.getByRole("button", { name: "Add skill" }).click();
        await expect(page.getByText("Enter a skill")).toBeVisible();
        await page.getByLabel("New skill").fill(skill);
        await page.getByRole("button", { name: "Add skill" }).click();
        await expect(page.getByRole("list", { name: "Skills" }).getByText(skill, { exact: true })).toBeVisible();
      } finally {
        await sql`update founder_info set skills = array_remove(skills, ${skill})`;
      }
    });
  });
});

const AIRTABLE_DESCRIPTION =
  "Each new order becomes a row in this table, and its status is kept in step. The table needs the fields the README lists under Airtable sync; the token needs the data.records:write scope on this base.";

test.describe("integrations", () => {
  test("saves a changed Airtable base id", async ({ page, sql }) => {
    await withRecordLock(sql, "integrations", async () => {
      const [original] = await sql`select airtable_base_id from integrations`;
      const baseId = unique("app").replace(/\s+/g, "");
      try {
        await openAdmin(page, "/admin/integrations");
        await expect(page.getByText(productText(AIRTABLE_DESCRIPTION))).toBeVisible();
        await page.getByLabel("Airtable base ID").fill(baseId);
        await page.getByRole("button", { name: "Save Integrations" }).click();
        await expect(page.getByText("Integrations updated successfully!")).toBeVisible();
        expect((await sql`select airtable_base_id from integrations`)[0].airtable_base_id).toBe(baseId);
      } finally {
        await sql`update integrations set airtable_base_id = ${original.airtable_base_id}`;
      }
    });
  });

  test("a new secret key is typed masked, shown and hidden again with JavaScript, and saved either way", async ({
    page,
    sql,
    javaScriptEnabled,
  }) => {
    await withRecordLock(sql, "integrations", async () => {
      const [original] = await sql`select stripe_secret_key from integrations`;
      const stored = unique("sk_stored").replace(/\s+/g, "-");
      const typed = unique("sk_typed").replace(/\s+/g, "-");
      try {
        await sql`update integrations set stripe_secret_key = ${stored}`;
        await openAdmin(page, "/admin/integrations");
        const field = page.getByLabel("Stripe secret key", { exact: true });
        await expect(field).toHaveAttribute("type", "password");
        await field.fill(typed);
        const show = page.getByRole("button", { name: productText("Show stripe secret key") });
        if (javaScriptEnabled) {
          await expect(show).toHaveText(productText("Show"));
          await show.click();
          await expect(field).toHaveAttribute("type", "text");
          await expect(field).toHaveValue(typed);
          const hide = page.getByRole("button", { name: productText("Hide stripe secret key") });
          await expect(hide).toHaveText(productText("Hide"));
          // Shown or not, the stored key is not in the page.
          expect(await page.content()).not.toContain(stored);
          await hide.click();
          await expect(field).toHaveAttribute("type", "password");
          await expect(page.getByRole("button", { name: productText("Show airtable token") })).toBeVisible();
          const webhookSecret = page.getByLabel(productText("Stripe Webhook Signing Secret"), { exact: true });
          await expect(webhookSecret).toHaveAttribute("type", "password");
          await page.getByRole("button", { name: productText("Show stripe webhook signing secret") }).click();
          await expect(webhookSecret).toHaveAttribute("type", "text");
        } else {
          await expect(show).toHaveCount(0);
        }
        await page.getByRole("button", { name: "Save Integrations" }).click();
        await expect(page.getByText("Integrations updated successfully!")).toBeVisible();
        await expect(page.getByText(`Stored, ending in ${typed.slice(-4)}.`)).toBeVisible();
        await expect(page.getByLabel("Stripe secret key", { exact: true })).toHaveAttribute("type", "password");
      } finally {
        await sql`update integrations set stripe_secret_key = ${original.stripe_secret_key}`;
      }
    });
  });

  test("secret keys are write-only in the admin and never reach public responses", async ({ page, request, sql }) => {
    await withRecordLock(sql, "integrations", async () => {
      // Every field but the three public pages use (voice agent embed code, custom CSS and JS).
      const columns = [
        "stripe_publishable_key",
        "stripe_secret_key",
        "paypal_client_id",
        "airtable_token",
        "airtable_base_id",
        "airtable_table_id",
      ] as const;
      const [original] = await sql`select ${sql(columns)} from integrations`;
      const values = Object.fromEntries(
        columns.map((column) => [column, unique(`secret-${column}`).replace(/\s+/g, "-")]),
      );
      try {
        await sql`update integrations set ${sql(values, ...columns)}`;
        await openAdmin(page, "/admin/integrations");
        const secret = page.getByLabel("Stripe secret key", { exact: true });
        await expect(secret).toHaveAttribute("type", "password");
        await expect(secret).toHaveValue("");
        await expect(page.getByText(`Stored, ending in ${values.stripe_secret_key.slice(-4)}.`)).toBeVisible();
        // Neither the page nor its data carries a secret, only the last four characters.
        const html = await page.content();
        const data = await (await page.request.get("/admin/integrations.data")).text();
        for (const column of ["stripe_secret_key", "airtable_token"] as const) {
          expect(html).not.toContain(values[column]);
          expect(data).not.toContain(values[column]);
        }

        // A visitor's view (no session): public pages, their .data requests, and the other files.
        const paths = [
          "/",
          "/services",
          "/order",
          "/chat",
          "/no-such-page",
          "/_root.data",
          "/services.data",
          "/order.data",
          "/chat.data",
          "/sitemap.xml",
          "/robots.txt",
        ];
        for (const path of paths) {
          const response = await request.get(path);
          expect(response.status(), path).toBeLessThan(500);
          const body = await response.text();
          for (const [column, value] of Object.entries(values))
            expect(body.includes(value), `${column} in ${path}`).toBe(false);
        }
      } finally {
        await sql`update integrations set ${sql(original, ...columns)}`;
      }
    });
  });
});
