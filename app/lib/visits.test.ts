import { describe, expect, it } from "vitest";

import {
  type AnsweredRequest,
  campaignOf,
  deviceClass,
  dimensionsOf,
  pageViewOf,
  referrerHost,
  viewedPath,
} from "./visits";

const CHROME_DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const answered = (url: string, more: Partial<AnsweredRequest> = {}): AnsweredRequest => ({
  method: "GET",
  url,
  status: 200,
  ...more,
  headers: { "user-agent": CHROME_DESKTOP, ...more.headers },
});

describe("viewedPath", () => {
  it.each([
    ["/", "/"],
    ["/services?q=slack", "/services"],
    ["/services.data", "/services"],
    ["/_root.data", "/"],
    ["/order/submitted", "/order/submitted"],
    ["/privacy", "/privacy"],
  ])("counts %s as a view of %s", (url, path) => {
    expect(viewedPath(answered(url))).toBe(path);
  });

  it("counts a 304: the browser showed its copy of the page", () => {
    expect(viewedPath(answered("/services", { status: 304 }))).toBe("/services");
  });

  it.each([
    ["admin pages", answered("/admin")],
    ["admin pages below", answered("/admin/orders")],
    ["admin data requests", answered("/admin.data")],
    ["assets", answered("/assets/entry-abc123.js")],
    ["other files", answered("/favicon.ico")],
    ["robots.txt", answered("/robots.txt")],
    ["health checks", answered("/healthz")],
    ["uploads", answered("/uploads/abc.webp")],
    ["the chat widget's resource routes", answered("/chat/messages")],
    ["a client's order-status page", answered("/order/status/secret-token")],
    ["webhooks", answered("/webhooks/stripe")],
    ["a POST", answered("/order", { method: "POST" })],
    ["a HEAD", answered("/", { method: "HEAD" })],
    ["a redirect", answered("/admin/login", { status: 302 })],
    ["a 404", answered("/no-such-page", { status: 404 })],
    ["an error", answered("/services", { status: 500 })],
    ["a bot", answered("/", { headers: { "user-agent": GOOGLEBOT } })],
    ["no user agent", answered("/", { headers: { "user-agent": undefined } })],
    ["a prefetch", answered("/services.data", { headers: { "sec-purpose": "prefetch" } })],
  ])("does not count %s", (_what, request) => {
    expect(pageViewOf(request, [])).toBeNull();
  });
});

describe("campaignOf", () => {
  it("reads the three UTM parameters as given, trimmed", () => {
    expect(campaignOf("/?utm_source=Newsletter&utm_medium=email&utm_campaign=%20Spring%20Sale%20")).toEqual({
      source: "Newsletter",
      medium: "email",
      campaign: "Spring Sale",
    });
  });

  it("gives null for missing or empty parameters", () => {
    expect(campaignOf("/services?utm_source=&q=x")).toEqual({ source: null, medium: null, campaign: null });
    expect(campaignOf("/services")).toEqual({ source: null, medium: null, campaign: null });
  });

  it("cuts a long value to 100 characters", () => {
    expect(campaignOf(`/?utm_campaign=${"x".repeat(500)}`).campaign).toHaveLength(100);
  });
});

describe("referrerHost", () => {
  it("keeps the referring site's host, without www.", () => {
    expect(referrerHost("https://www.Google.com/search?q=n8n+agency", ["example.com"])).toBe("google.com");
    expect(referrerHost("https://news.ycombinator.com/item?id=1", [])).toBe("news.ycombinator.com");
  });

  it("drops our own host, addresses that are not web pages, and garbage", () => {
    expect(referrerHost("https://example.com/services", ["example.com"])).toBeNull();
    expect(referrerHost("http://localhost:3000/", ["localhost:3000"])).toBeNull();
    expect(referrerHost("android-app://com.slack/", [])).toBeNull();
    expect(referrerHost("not a url", [])).toBeNull();
    expect(referrerHost(undefined, [])).toBeNull();
  });
});

describe("deviceClass", () => {
  it.each([
    [CHROME_DESKTOP, "desktop"],
    [IPHONE, "mobile"],
    [ANDROID_PHONE, "mobile"],
    [ANDROID_TABLET, "tablet"],
    [IPAD, "tablet"],
  ])("%s is a %s", (userAgent, device) => {
    expect(deviceClass(userAgent)).toBe(device);
  });
});

describe("pageViewOf", () => {
  it("takes utm_source over the referrer as the source, and counts each dimension", () => {
    const view = pageViewOf(
      answered("/services?utm_source=linkedin&utm_campaign=launch", {
        headers: { "user-agent": IPHONE, referer: "https://www.google.com/" },
      }),
      ["example.com"],
    );
    expect(view).toEqual({
      path: "/services",
      source: "linkedin",
      utmMedium: null,
      utmCampaign: "launch",
      device: "mobile",
    });
    expect(dimensionsOf(view!)).toEqual([
      ["total", ""],
      ["page", "/services"],
      ["source", "linkedin"],
      ["device", "mobile"],
      ["utm_campaign", "launch"],
    ]);
  });

  it("names a direct visit's source with the empty value", () => {
    const view = pageViewOf(answered("/", { headers: { referer: "https://example.com/order" } }), ["example.com"]);
    expect(view?.source).toBe("");
  });
});
