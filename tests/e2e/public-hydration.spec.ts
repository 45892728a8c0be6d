import type { Page } from "@playwright/test";

import { INERT_MODULE_TYPE } from "../../app/lib/deferred-hydration";
import { createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { expect, test as base, withRecordLock } from "./fixtures";

// A public page loads no script file until the visitor first interacts with it
// (app/lib/deferred-hydration.ts); these tests load pages as a visitor who has not moved yet.

/** The script files the page fetches, and its errors (a CSP refusal is a console error). */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return { scripts, errors };
}

const hydrated = (page: Page) => page.locator("main[data-hydrated]");

/**
 * Holds the page's script files back a while, as a phone's network would: whatever the test does
 * meanwhile happens before hydration, however fast this machine.
 */
async function slowScripts(page: Page) {
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
}

/**
 * Each test runs while the site has none of the admin's custom code: public-layout.spec.ts adds
 * some for a while, and a page with it loads its scripts at once. Its change may take a moment to
 * leave the page cache.
 */
const test = base.extend<{ withoutCustomCode: void }>({
  withoutCustomCode: [
    async ({ sql, request }, use) => {
      await withRecordLock(
        sql,
        "integrations",
        async () => {
          await expect
            .poll(async () => /data-custom-js=""|data-voice-agent-embed=""/.test(await (await request.get("/")).text()))
            .toBe(false);
          await use();
        },
        { shared: true },
      );
    },
    { auto: true },
  ],
});

test.use({ interactAtLoad: false });

test.describe("hydration on the first interaction", { tag: "@js" }, () => {
  test("a visitor who only reads loads no script file, and the headline types all the same", async ({ page }) => {
    const { scripts, errors } = watch(page);
    // The page's clock is the test's: a minute of reading passes at once, timers and idle
    // callbacks included, instead of waiting to see that nothing happens.
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const headline = page.getByRole("heading", { level: 1 });
    await expect(headline).toHaveAttribute("data-typing", "");
    await page.waitForLoadState("networkidle");
    await page.clock.runFor(60_000);
    // Hydrating swaps the inert module script for a live one at once, before any file is fetched.
    await expect(page.locator(`script[type="${INERT_MODULE_TYPE}"]`)).toHaveCount(1);
    expect(scripts).toEqual([]);
    await expect(hydrated(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("the first pointer movement loads the scripts and hydrates the page", async ({ page }) => {
    const { scripts, errors } = watch(page);
    await page.goto("/services");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    await page.mouse.move(200, 200, { steps: 4 });
    await expect(hydrated(page)).toHaveCount(1);
    expect(scripts.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("a key press hydrates a page whose scripts carry a nonce (a signed-in admin's)", async ({ page, login }) => {
    await login();
    const { scripts, errors } = watch(page);
    const response = await page.goto("/");
    expect(response?.headers()["content-security-policy"]).toContain("'nonce-");
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    await page.keyboard.press("Tab");
    await expect(hydrated(page)).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test("a search typed before the page has hydrated is kept, and then filters", async ({ page }) => {
    const { errors } = watch(page);
    await slowScripts(page);
    await page.goto("/services");
    await page.waitForLoadState("networkidle");
    const box = page.getByRole("searchbox", { name: productText("Search services") });
    // Focusing the box starts the scripts' download; the words are typed while it goes on.
    await box.pressSequentially("automation", { delay: 15 });
    await expect(hydrated(page)).toHaveCount(0);
    await expect(hydrated(page)).toHaveCount(1);
    await expect(page).toHaveURL(/[?&]q=automation\b/);
    await expect(box).toHaveValue("automation");
    expect(errors).toEqual([]);
  });

  test("a chat opener clicked before hydration opens the widget once the scripts are there", async ({ page }) => {
    const { errors } = watch(page);
    await slowScripts(page);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: productText("Try AI Chat Demo") }).click();
    await expect(hydrated(page)).toHaveCount(0);
    // The framework's files, then the panel's (fetched once hydrated), each held back 3 s.
    await expect(page.getByRole("dialog", { name: productText("AI Assistant") })).toBeVisible({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe("/");
    expect(errors).toEqual([]);
  });

  test("a phone's menu opened before hydration closes when a link in it is chosen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await slowScripts(page);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const menu = page.locator("header details");
    await page.locator("header summary").click();
    await expect(menu).toHaveAttribute("open", "");
    await expect(hydrated(page)).toHaveCount(0);
    await expect(hydrated(page)).toHaveCount(1);
    // The next page's modules come at this machine's speed again.
    await page.unroute("**/assets/*.js");
    await page
      .getByRole("navigation", { name: productText("Mobile") })
      .getByRole("link", { name: "Services" })
      .click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(menu).not.toHaveAttribute("open");
  });

  test("an order form filled in before hydration can be sent once hydrated", async ({ page }) => {
    await slowScripts(page);
    await page.goto("/order");
    await page.waitForLoadState("networkidle");
    await page.getByLabel(productText("I agree to the terms and conditions")).check();
    await expect(hydrated(page)).toHaveCount(0);
    await expect(hydrated(page)).toHaveCount(1);
    await expect(page.getByRole("button", { name: productText("Submit Order") })).toBeEnabled();
  });

  // Whatever starts hydration, the order summary shows the service the form holds by then, however
  // it got there: the select's value is set without any event first, as a browser restoring it does.
  const TRIGGERS: Record<string, (page: Page) => Promise<unknown>> = {
    pointer: (page) => page.mouse.move(200, 200, { steps: 4 }),
    focus: (page) => page.getByLabel(productText("Full Name")).focus(),
    keyboard: (page) => page.keyboard.press("Shift"),
    // Autofill, assistive technology or a script: the events a changed control fires, and no other.
    change: (page) =>
      selectService(page).evaluate((select) => select.dispatchEvent(new Event("change", { bubbles: true }))),
    input: (page) =>
      selectService(page).evaluate((select) => select.dispatchEvent(new Event("input", { bubbles: true }))),
  };

  for (const [kind, trigger] of Object.entries(TRIGGERS)) {
    test(`the order summary shows the chosen service when a ${kind} event starts hydration`, async ({ page, db }) => {
      const service = await createTestService(db, { isActive: true, setupPrice: 210, monthlyPrice: 0 });
      await page.goto("/order");
      await page.waitForLoadState("networkidle");
      await selectService(page).evaluate((select, id) => {
        (select as HTMLSelectElement).value = id;
      }, service.id);
      await expect(hydrated(page)).toHaveCount(0);
      await trigger(page);
      await expect(hydrated(page)).toHaveCount(1);
      await expect(summary(page).getByText(service.name, { exact: true })).toBeVisible();
      await expect(summary(page)).not.toContainText(productText("Select a service to see pricing details"));
    });
  }

  test("the visitor's forms check a field once hydrated, with nothing refused by the CSP", async ({ page }) => {
    // A refused eval that the script catches is reported as a violation, not as a console error.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener("securitypolicyviolation", (event) => seen.push(event.violatedDirective));
    });
    for (const [path, label, error] of [
      ["/", "Email", "Please enter a valid email address."],
      ["/order", "Email Address", "Please enter a valid email address."],
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const field = page.getByLabel(productText(label), { exact: true });
      await field.focus();
      await expect(hydrated(page)).toHaveCount(1);
      await field.fill("not-an-email");
      await field.blur();
      await expect(page.getByText(productText(error))).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    }
  });

  test("a service the browser restores on Back is shown in the order summary", async ({ page, db }) => {
    const service = await createTestService(db, { isActive: true, setupPrice: 220, monthlyPrice: 0 });
    await page.goto("/order");
    await page.waitForLoadState("networkidle");
    // Chosen without an event reaching the page, so that nothing but the restored value can count.
    await selectService(page).evaluate((select, id) => {
      (select as HTMLSelectElement).value = id;
    }, service.id);
    await expect(hydrated(page)).toHaveCount(0);
    await page.goto("/services");
    await page.goBack();
    await expect(selectService(page)).toHaveValue(service.id);
    await expect(hydrated(page)).toHaveCount(1);
    await expect(summary(page).getByText(service.name, { exact: true })).toBeVisible();
  });
});

function selectService(page: Page) {
  return page.getByLabel(productText("Select Service"));
}

function summary(page: Page) {
  return page.getByRole("region", { name: productText("Order Summary") });
}
