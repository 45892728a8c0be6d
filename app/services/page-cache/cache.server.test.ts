import { describe, expect, it } from "vitest";

import { type CachedPage, cachedPage, pageCacheGeneration, storePage } from "./cache.server";

function page(expiresAt: number): CachedPage {
  const variant = { headers: {}, body: Buffer.from("<p>© 2025</p>") };
  return {
    etag: 'W/"x"',
    variants: { br: variant, gzip: variant, identity: variant },
    notModifiedHeaders: {},
    bytes: 39,
    expiresAt,
  };
}

describe("the page cache's clock", () => {
  it("forgets a page at the instant it said it turns stale (the footer's year), without any write", () => {
    const newYear = Date.parse("2025-12-31T23:00:00Z");
    storePage("/?clock", pageCacheGeneration(), page(newYear));
    expect(cachedPage("/?clock", newYear - 1)).toBeDefined();
    expect(cachedPage("/?clock", newYear)).toBeUndefined();
    expect(cachedPage("/?clock", newYear - 1)).toBeUndefined();
  });

  it("keeps a page that nothing dates until a write forgets it", () => {
    storePage("/?timeless", pageCacheGeneration(), page(Infinity));
    expect(cachedPage("/?timeless", Date.parse("2099-01-01T00:00:00Z"))).toBeDefined();
  });
});
