import { describe, expect, it } from "vitest";

import { matchesEtag, pageCacheKey, preferredEncoding } from "./request.server";

const get = (url: string, headers: Record<string, string> = {}) => pageCacheKey({ method: "GET", url, headers });

describe("pageCacheKey", () => {
  it("keys the public pages and their data requests, query strings included", () => {
    for (const url of [
      "/",
      "/_root.data",
      "/services",
      "/services?q=crm",
      "/services.data?_routes=x",
      "/order?service=1",
      "/work",
      "/work?industry=Healthcare",
      "/work.data",
      "/work/clinic-booking-bot",
      "/work/clinic-booking-bot.data?_routes=x",
    ]) {
      expect(get(url, { host: "site.test" })).toContain(url);
    }
    expect(get("/services?q=a")).not.toBe(get("/services?q=b"));
  });

  it("refuses what is not the same for every visitor", () => {
    expect(pageCacheKey({ method: "POST", url: "/", headers: {} })).toBeNull();
    for (const url of [
      "/chat",
      "/admin",
      "/admin/orders",
      "/uploads/a.png",
      "/robots.txt",
      "/unknown",
      "/services/x",
      "/work/a/b",
      "/work/../admin",
      `/order/status/${"a".repeat(64)}`,
    ]) {
      expect(get(url)).toBeNull();
    }
    expect(get("/", { cookie: "__session=abc" })).toBeNull();
    expect(get("/", { cookie: "theme=dark; __Host-session=abc" })).toBeNull();
    expect(get("/", { cookie: "theme=dark; toast=abc" })).toBeNull();
    expect(get("/order/submitted", { cookie: "order_receipt=abc" })).toBeNull();
    expect(get("/", { cookie: "contact_receipt=abc" })).toBeNull();
    expect(get("/", { cookie: "chat_session=abc; analytics=1" })).not.toBeNull();
  });

  it("is one page whatever host it was asked for: no page is built from the host headers", () => {
    expect(get("/", { host: "a.test" })).toBe(get("/", { host: "b.test" }));
    expect(get("/", { host: "a.test", "x-forwarded-host": "evil.test" })).toBe(get("/", { host: "a.test" }));
    expect(get("/", { host: "a.test", "x-forwarded-proto": "http" })).toBe(get("/", { host: "a.test" }));
  });
});

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("gzip");
    expect(preferredEncoding("identity")).toBe("identity");
    expect(preferredEncoding(undefined)).toBe("identity");
  });
});

describe("matchesEtag", () => {
  it("compares weakly, in lists and with *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
