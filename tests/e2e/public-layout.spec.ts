import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { productText } from "../support/product-text";
import { expect, test, withRecordLock } from "./fixtures";

// docs/product.md §2, "Header and navigation" and "Footer"; `Work` while a case study is published
// (§14.1): the e2e server seeds the demo content's two.
const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/work", label: productText("Work") },
  { to: "/order", label: "Order Now" },
];

test.describe("public layout", () => {
  test("the header, footer and messaging buttons come from the site settings", async ({ page, sql }) => {
    // From 1536 px the messaging buttons stand apart (floating-controls.spec.ts covers narrower screens).
    await page.setViewportSize({ width: 1600, height: 900 });
    // The page as the settings are now, none of them being edited by another spec meanwhile.
    const settings = await withRecordLock(
      sql,
      "site_settings",
      async () => {
        const [settings] = await sql`
          select company_name, whatsapp_number, messenger_link, support_email, business_address, workflow_tool_name
          from site_settings`;
        await page.goto("/services");
        return settings;
      },
      { shared: true },
    );

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: settings.company_name })).toHaveAttribute("href", "/");
    const main = header.getByRole("navigation", { name: "Main" });
    for (const link of NAV_LINKS) {
      await expect(main.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.to);
    }
    await expect(header.getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/admin");
    await expect(page.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/order");

    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByText(
        `${settings.workflow_tool_name} workflow automations, AI assistants and integrations, built and looked after for growing businesses.`,
      ),
    ).toBeVisible();
    await expect(
      footer.getByText(`© 2024–${new Date().getFullYear()} ${settings.company_name}. All rights reserved.`),
    ).toBeVisible();
    await expect(footer.getByText(settings.business_address)).toBeVisible();
    await expect(footer.getByRole("link", { name: settings.support_email })).toHaveAttribute(
      "href",
      `mailto:${settings.support_email}`,
    );
    const quickLinks = footer.getByRole("navigation", { name: "Footer" });
    for (const link of NAV_LINKS) {
      await expect(quickLinks.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.to);
    }

    const whatsapp = page.getByRole("link", { name: "Chat with us on WhatsApp" });
    const digits = settings.whatsapp_number.replace(/\D/g, "");
    await expect(whatsapp).toHaveAttribute(
      "href",
      `https://wa.me/${digits}?text=${encodeURIComponent(`Hi! I'm interested in your ${settings.workflow_tool_name} automation services. Can you help me?`)}`,
    );
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expect(whatsapp).toHaveAttribute("rel", "noopener");
    const messenger = page.getByRole("link", { name: "Message us on Messenger" });
    await expect(messenger).toHaveAttribute("href", new URL(settings.messenger_link).toString());
    await expect(messenger).toHaveAttribute("target", "_blank");
    await expect(messenger).toHaveAttribute("rel", "noopener");
  });

  test("the brand colours and the favicon come from the site settings", async ({ page, sql }) => {
    const [settings] = await sql`select primary_color, secondary_color, favicon_url from site_settings`;
    await page.goto("/");
    const brand = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return [style.getPropertyValue("--brand-primary"), style.getPropertyValue("--brand-secondary")];
    });
    expect(brand.map((colour) => colour.trim().toLowerCase())).toEqual([
      settings.primary_color.toLowerCase(),
      settings.secondary_color.toLowerCase(),
    ]);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", settings.favicon_url ?? "/favicon.svg");
  });

  test("the mobile menu opens, leads to a page and is closed there", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const banner = page.getByRole("banner");
    const mobileNav = banner.getByRole("navigation", { name: "Mobile" });
    await expect(banner.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(mobileNav).toBeHidden();

    await banner.locator("summary", { hasText: "Menu" }).click();
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
    await expect(mobileNav.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/order");
    await expect(mobileNav.getByRole("link", { name: productText("Work"), exact: true })).toHaveAttribute(
      "href",
      "/work",
    );

    await mobileNav.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(mobileNav).toBeHidden();
  });

  test("an unknown page is a 404 inside the site's header and footer", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page).toHaveTitle("Page not found");
    await expect(page.getByText("The page you are looking for does not exist or has moved.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Browse services" })).toHaveAttribute("href", "/services");
  });
});

test.describe("admin code from the integrations", () => {
  let server: Server;
  let scriptUrl = "";

  test.beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/voice-agent.js") {
        response.writeHead(200, { "Content-Type": "text/javascript" });
        response.end("document.getElementById('e2e-voice-agent').dataset.loaded = 'yes';");
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    scriptUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/voice-agent.js`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  // The integrations row is shared, so a single test (in the js project) changes its three public
  // code fields, looks with JavaScript on and off, and puts them back.
  test(
    "the voice-agent embed, custom CSS and custom JS run under the CSP",
    { tag: "@js" },
    async ({ page, sql, browser }) => {
      // Other tests load pages meanwhile (and see the embed too): count this page's requests only.
      let scriptRequests = 0;
      page.on("request", (request) => {
        if (request.url() === scriptUrl) scriptRequests += 1;
      });
      // The admin's integrations tests save the whole row: take turns with them.
      await withRecordLock(sql, "integrations", async () => {
        const [before] = await sql`select voice_agent_embed_code, custom_css, custom_js from integrations where id = 1`;
        const embed = [
          `<div id="e2e-voice-agent" data-loaded="no" data-inline="no">Voice agent</div>`,
          `<script src="${scriptUrl}"></script>`,
          `<script>document.getElementById('e2e-voice-agent').dataset.inline = 'yes';</script>`,
        ].join("\n");
        try {
          await sql`
          update integrations
          set voice_agent_embed_code = ${embed},
              custom_css = ${"#e2e-voice-agent { outline: 3px solid rgb(255, 0, 0); }"},
              custom_js = ${"document.documentElement.dataset.customJs = 'ran';"}
          where id = 1`;
          const cspViolations: string[] = [];
          page.on("console", (message) => {
            if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
          });

          // Server-rendered page: the markup is there and the scripts run once.
          await page.goto("/services");
          const agent = page.locator("#e2e-voice-agent");
          await expect(agent).toHaveText("Voice agent");
          await expect(agent).toHaveCSS("outline-color", "rgb(255, 0, 0)");
          await expect(agent).toHaveAttribute("data-inline", "yes");
          await expect(agent).toHaveAttribute("data-loaded", "yes");
          await expect(page.locator("html")).toHaveAttribute("data-custom-js", "ran");
          await page.getByRole("banner").getByRole("link", { name: "Order Now", exact: true }).first().click();
          await expect(page).toHaveURL(/\/order$/);
          await expect(agent).toHaveAttribute("data-loaded", "yes");
          expect(scriptRequests).toBe(1);

          // Arriving on a 404, the layout (and the embed) mounts after a client-side navigation,
          // where scripts inside HTML would never run.
          await page.goto("/no-such-page");
          await expect(agent).toHaveCount(0);
          await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).first().click();
          await expect(page).toHaveURL(/\/$/);
          await expect(agent).toHaveAttribute("data-inline", "yes");
          await expect(agent).toHaveAttribute("data-loaded", "yes");
          expect(scriptRequests).toBe(2);
          expect(cspViolations).toEqual([]);

          // Without JavaScript the markup and the CSS still arrive; no script runs.
          const noJs = await browser.newContext({ javaScriptEnabled: false });
          try {
            const plain = await noJs.newPage();
            await plain.goto(new URL("/", page.url()).toString());
            await expect(plain.locator("#e2e-voice-agent")).toHaveText("Voice agent");
            await expect(plain.locator("#e2e-voice-agent")).toHaveCSS("outline-color", "rgb(255, 0, 0)");
            await expect(plain.locator("#e2e-voice-agent")).toHaveAttribute("data-inline", "no");
            expect(scriptRequests).toBe(2);
          } finally {
            await noJs.close();
          }

          // Public pages hydrate on the first interaction, but the admin's code runs through React:
          // a page with it loads its scripts at once, for a visitor who does nothing.
          const still = await browser.newContext();
          try {
            const idle = await still.newPage();
            await idle.goto(new URL("/services", page.url()).toString());
            await expect(idle.locator("html")).toHaveAttribute("data-custom-js", "ran");
            await expect(idle.locator("#e2e-voice-agent")).toHaveAttribute("data-inline", "yes");
          } finally {
            await still.close();
          }
        } finally {
          await sql`
          update integrations
          set voice_agent_embed_code = ${before.voice_agent_embed_code},
              custom_css = ${before.custom_css},
              custom_js = ${before.custom_js}
          where id = 1`;
        }
      });
    },
  );
});
