import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ICON_NAMES } from "./icon";
import sprite from "./icons.svg?raw";

const symbols = new Map(
  [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map(([, id, body]) => [id, body]),
);

// Lucide's component for a sprite name: "share-2" is Share2, "circle-check" is CircleCheck.
function lucideIcon(name: string) {
  const pascal = name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
  return (lucide as unknown as Record<string, lucide.LucideIcon | undefined>)[pascal];
}

describe("the icon sprite", () => {
  it("defines each icon the components can name, once, and nothing else", () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id);
    expect(ids).toEqual([...ICON_NAMES]);
  });

  it.each(ICON_NAMES.filter((name) => name !== "whatsapp"))("draws %s as lucide-react does", (name) => {
    const icon = lucideIcon(name);
    expect(icon, `lucide-react has no icon for "${name}"`).toBeDefined();
    const drawing = renderToStaticMarkup(createElement(icon!))
      .replace(/^<svg[^>]*>|<\/svg>$/g, "")
      .replace(/><\/\w+>/g, "/>");
    expect(symbols.get(name)).toBe(drawing);
  });
});
