import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { ROOT } from "../support/built-server";

// The build's hashed assets (docs/performance.md): cached for a year, never sniffed, and sent
// as the brotli or gzip copy the build made.

let app: AppUnderTest;
beforeAll(async () => {
  app = await startAppUnderTest();
});
afterAll(() => app?.stop());

const assets = path.join(ROOT, "build/client/assets");
// The largest script: one small enough is not worth compressing and is sent as it is.
const entry = readdirSync(assets)
  .filter((name) => name.endsWith(".js"))
  .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0];

describe("static assets", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate", "gzip"],
    ["identity", null],
  ])("with Accept-Encoding %s, are sent as %s, immutable and nosniff", async (accept, encoding) => {
    const response = await fetch(`${app.url}/assets/${entry}`, { headers: { "Accept-Encoding": accept } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe(encoding);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe(readFileSync(path.join(assets, entry), "utf8"));
  });

  it("has a brotli and a gzip copy of every script and stylesheet the build made", () => {
    const names = readdirSync(assets);
    for (const name of names.filter((n) => /\.(js|css)$/.test(n))) {
      if (readFileSync(path.join(assets, name)).length < 1024) continue;
      expect(names).toContain(`${name}.br`);
      expect(names).toContain(`${name}.gz`);
    }
  });
});
