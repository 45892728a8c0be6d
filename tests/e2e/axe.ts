import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** An axe run on the page as it stands (the suite asks for reduced motion: nothing animates). */
export async function axe(page: Page, configure: (builder: AxeBuilder) => AxeBuilder = (builder) => builder) {
  // Only violations are read: the passes and the rest keep one node each, not a selector for every
  // text node of the page (most of an axe run's time on a long page). Legacy mode runs axe in the
  // page itself: the default gathers results frame by frame and merges them in a new blank page,
  // which costs a renderer and a second copy of axe (on /: 1.4 CPU-s a run instead of 3.8). The
  // site has no frames for that to matter.
  return configure(new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] })).analyze();
}

/** The serious and critical findings of the WCAG 2.1 A/AA and best-practice rules, by rule and node. */
export async function seriousViolations(page: Page) {
  const results = await axe(page, (builder) =>
    builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]),
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
}
