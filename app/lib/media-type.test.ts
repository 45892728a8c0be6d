import { describe, expect, it } from "vitest";

import { detectImageType, detectMediaType, MEDIA_CONTENT_TYPES } from "./media-type";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("detectMediaType", () => {
  it.each([
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0]), "image/png"],
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
    ["GIF87a", bytes("GIF87a", [1]), "image/gif"],
    ["GIF89a", bytes("GIF89a", [1]), "image/gif"],
    ["WebP", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["WAV", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "), "audio/wav"],
  ])("recognises %s by its first bytes", (_name, content, contentType) => {
    expect(detectMediaType(content)?.contentType).toBe(contentType);
  });

  it.each([
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["HTML", bytes("<!doctype html>")],
    ["webm", bytes([0x1a, 0x45, 0xdf, 0xa3])],
    ["a RIFF that is neither", bytes("RIFF", [0, 0, 0, 0], "AVI ")],
    ["a truncated PNG", bytes([0x89], "PNG")],
    ["nothing", bytes()],
  ])("refuses %s", (_name, content) => {
    expect(detectMediaType(content)).toBeNull();
  });
});

describe("MEDIA_CONTENT_TYPES", () => {
  it("serves each stored extension with the type it was detected as", () => {
    expect(MEDIA_CONTENT_TYPES).toEqual({
      png: "image/png",
      jpg: "image/jpeg",
      gif: "image/gif",
      webp: "image/webp",
      wav: "audio/wav",
    });
  });
});

describe("detectImageType", () => {
  it("recognises AVIF by its ftyp brand, which the chat does not take", () => {
    const avif = bytes([0, 0, 0, 0x20], "ftypavif", [0, 0, 0, 0]);
    expect(detectImageType(avif)?.contentType).toBe("image/avif");
    expect(detectMediaType(avif)).toBeNull();
  });

  it.each([
    ["WAV", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt ")],
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["an MP4", bytes([0, 0, 0, 0x20], "ftypisom")],
  ])("refuses %s", (_name, content) => {
    expect(detectImageType(content)).toBeNull();
  });
});
