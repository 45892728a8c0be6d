import { describe, expect, it } from "vitest";

import { imageSrcSet, parseStoredImageUrl, storedImageUrl, variantWidths } from "./images";

const id = "0b6b3c1e-8f7a-4d2b-9c3e-1a2b3c4d5e6f";

describe("stored image URLs", () => {
  it("reads back the size and fallback written into the URL", () => {
    const image = { id, width: 1280, height: 720, fallback: "png" as const };
    expect(parseStoredImageUrl(storedImageUrl(image))).toEqual(image);
  });

  it.each([
    ["a pasted URL", "https://example.com/images/a.png"],
    ["a variant, not the image", `/images/${id}/640.webp`],
    ["an absolute URL to the same path", `https://example.com/images/${id}/640x360.jpg`],
    ["an SVG", `/images/${id}/640x360.svg`],
    ["nothing", null],
  ])("ignores %s", (_name, url) => {
    expect(parseStoredImageUrl(url)).toBeNull();
  });

  it("lists the standard widths below the image's own, never above it", () => {
    expect(variantWidths(1920)).toEqual([96, 320, 640, 960, 1280, 1920]);
    expect(variantWidths(700)).toEqual([96, 320, 640, 700]);
    expect(variantWidths(200)).toEqual([96, 200]);
    expect(variantWidths(90)).toEqual([90]);
  });

  it("describes each width in the srcset", () => {
    expect(imageSrcSet({ id, width: 700, height: 400, fallback: "jpg" }, "avif")).toBe(
      `/images/${id}/96.avif 96w, /images/${id}/320.avif 320w, /images/${id}/640.avif 640w, /images/${id}/700.avif 700w`,
    );
  });
});
