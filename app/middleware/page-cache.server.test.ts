import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { type CachedPage, cachedPage, pageCacheGeneration, storePage } from "~/services/page-cache/cache.server";

import { forgetPagesAfterAdminWrites } from "./page-cache.server";

// The admin layout's own invalidation, without the database's notification that other instances
// hear (tests/production/page-cache.test.ts sees both together, so either alone would pass there).

const variant = { headers: {}, body: Buffer.from("<p>Services</p>") };
const PAGE: CachedPage = {
  etag: 'W/"services"',
  variants: { br: variant, gzip: variant, identity: variant },
  notModifiedHeaders: {},
  bytes: 45,
  expiresAt: Infinity,
};

/** Runs an admin request of `method` through the middleware; `handle` stands for its action or loader. */
function adminRequest(method: string, handle: () => void = () => {}) {
  const args = {
    request: new Request("http://site.test/admin/services/new", { method }),
    params: {},
    context: new RouterContextProvider(),
    unstable_pattern: "/admin/services/new",
  };
  return forgetPagesAfterAdminWrites(args as never, async () => {
    handle();
    return new Response(null, { status: method === "GET" ? 200 : 302 });
  });
}

describe("the admin's writes and the page cache", () => {
  it("forgets every kept page after an admin's POST", async () => {
    storePage("/services?admin-post", pageCacheGeneration(), PAGE);
    expect(cachedPage("/services?admin-post")).toBe(PAGE);
    await adminRequest("POST");
    expect(cachedPage("/services?admin-post")).toBeUndefined();
  });

  it("does not keep a page rendered while the write ran", async () => {
    const generation = pageCacheGeneration();
    await adminRequest("POST", () => storePage("/services?during-write", generation, PAGE));
    expect(cachedPage("/services?during-write")).toBeUndefined();
    storePage("/services?during-write", generation, PAGE);
    expect(cachedPage("/services?during-write")).toBeUndefined();
  });

  it("keeps the pages when an admin only reads", async () => {
    storePage("/services?admin-get", pageCacheGeneration(), PAGE);
    await adminRequest("GET");
    await adminRequest("HEAD");
    expect(cachedPage("/services?admin-get")).toBe(PAGE);
  });
});
