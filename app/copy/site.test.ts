import { describe, expect, it } from "vitest";

import { productText } from "../../tests/support/product-text";
import { errorPageText } from "./site";

// The public error page's words by status (docs/product.md, "Public pages" under error pages).

describe("errorPageText", () => {
  it("names each status the spec names", () => {
    expect(errorPageText(404).title).toBe(productText("Page not found"));
    expect(errorPageText(429)).toEqual({
      title: productText("Too many attempts"),
      detail: productText("Too many attempts from your address. Please wait a few minutes and try again."),
    });
    expect(errorPageText(503).title).toBe(productText("Temporarily unavailable"));
    expect(errorPageText(500).title).toBe(productText("Something went wrong"));
  });
});
