import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * An axe run on the page as it stands, its CSS animations paused first. The hero's pulsing
 * "Active" dot never stops, and on the headless shell's software rendering it kept Chromium so
 * busy that one axe run on / took 35-40 s instead of 12 on a loaded 2-core machine. Paused, the
 * markup, styles and colours axe reads are the same.
 */
export async function axe(page: Page, configure: (builder: AxeBuilder) => AxeBuilder = (builder) => builder) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) animation.pause();
  });
  // Only violations are read: the passes and the rest keep one node each, not a selector for every
  // text node of the page (most of an axe run's time on a long page).
  return configure(new AxeBuilder({ page }).options({ resultTypes: ["violations"] })).analyze();
}
