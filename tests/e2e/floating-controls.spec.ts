import type { Page } from "@playwright/test";

import { productText } from "../support/product-text";
import { expect, test } from "./fixtures";

// The floating WhatsApp, Messenger and chat buttons stood over forms, buttons and
// prices. docs/product.md §2, "Floating buttons".

const PUBLIC_PAGES = ["/", "/services", "/order", "/order/submitted", "/chat", "/no-such-page"];
const WIDTHS = [375, 768, 1280, 1600];

/**
 * What, in the viewport, lies under a floating control: links, buttons, form fields and prices
 * (any text with a dollar amount), each named by its tag and text. Floating controls are the
 * visible fixed-position elements outside the header.
 */
function coveredContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return rect.width > 0 && rect.height > 0 && style.visibility !== "hidden" && style.display !== "none";
    };
    const floating = [...document.querySelectorAll("body *")].filter(
      (element) => getComputedStyle(element).position === "fixed" && !element.closest("header") && visible(element),
    );
    const insideFloating = (element: Element) => floating.some((control) => control.contains(element));
    const interactive = [...document.querySelectorAll("a, button, input, select, textarea, summary")];
    const prices = [...document.querySelectorAll("body *")].filter((element) =>
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && /\$\s?\d/.test(node.textContent!)),
    );
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const viewport = new DOMRect(0, 0, window.innerWidth, window.innerHeight);
    return [...interactive, ...prices]
      .filter((element) => visible(element) && !insideFloating(element))
      .filter((element) => overlaps(element.getBoundingClientRect(), viewport))
      .filter((element) =>
        floating.some((control) => overlaps(control.getBoundingClientRect(), element.getBoundingClientRect())),
      )
      .map((element) => `<${element.tagName.toLowerCase()}> ${element.textContent?.trim().slice(0, 40) ?? ""}`);
  });
}

test.describe("floating buttons", () => {
  test(`scrolled to the bottom of each public page at ${WIDTHS.join(", ")} px, nothing is under a floating button`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("contentinfo")).toBeVisible();
      // The floating controls follow the width through CSS alone (no script reads it), so one
      // load serves every width: a quarter of the page loads of one test per width.
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect
          .poll(() => page.evaluate(() => Math.ceil(scrollY + innerHeight)))
          .toBeGreaterThanOrEqual(await page.evaluate(() => document.documentElement.scrollHeight));
        expect(await coveredContent(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  test(`at the top of the home page at ${WIDTHS.join(", ")} px, nothing in the hero is under a floating button`, async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: productText("Open AI Chat"), exact: true })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
      expect(await coveredContent(page), `/ at ${width} px`).toEqual([]);
    }
  });

  for (const width of WIDTHS) {
    test(`at ${width} px the chat opens with one click on its round trigger`, async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/services");
      const trigger = page.getByRole("link", { name: productText("Open AI Chat"), exact: true });
      await expect(trigger).toBeVisible();
      await expect(trigger).toHaveAttribute("title", productText("Open AI Chat"));
      await trigger.click();
      if (javaScriptEnabled) {
        await expect(page.getByRole("dialog", { name: productText("AI Assistant") })).toBeVisible();
      } else {
        await expect(page).toHaveURL(/\/chat$/);
      }
    });
  }

  test("on a phone one button beside the chat trigger discloses WhatsApp and Messenger, by keyboard too", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/order");
    const toggle = page.locator("summary", { hasText: productText("Message us on WhatsApp or Messenger") });
    const whatsapp = page.getByRole("link", { name: productText("Chat with us on WhatsApp"), exact: true });
    const messenger = page.getByRole("link", { name: productText("Message us on Messenger"), exact: true });
    const chat = page.getByRole("link", { name: productText("Open AI Chat"), exact: true });
    // The chat trigger stands on its own; the messaging buttons are folded away.
    await expect(chat).toBeVisible();
    for (const choice of [whatsapp, messenger]) await expect(choice).toHaveCount(0);

    await toggle.focus();
    await page.keyboard.press("Enter");
    for (const choice of [whatsapp, messenger]) await expect(choice).toBeVisible();
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expect(messenger).toHaveAttribute("target", "_blank");
    await page.keyboard.press("Tab");
    await expect(whatsapp).toBeFocused();

    if (javaScriptEnabled) {
      await page.keyboard.press("Escape");
      await expect(whatsapp).toHaveCount(0);
      await expect(toggle).toBeFocused();
    }
  });

  test("on a wide screen the buttons stand apart in the margin, as the spec draws them", async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto("/");
    for (const name of ["Chat with us on WhatsApp", "Message us on Messenger", "Open AI Chat"]) {
      await expect(page.getByRole("link", { name: productText(name), exact: true })).toBeVisible();
    }
    await expect(page.locator("summary", { hasText: productText("Message us on WhatsApp or Messenger") })).toBeHidden();
  });
});
