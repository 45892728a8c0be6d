import { describe, expect, it } from "vitest";

import { isStripeTestKey, stripeDashboardUrl } from "./stripe-dashboard";

describe("stripeDashboardUrl", () => {
  it("links payment intents to payments and invoices to invoices", () => {
    expect(stripeDashboardUrl("pi_3Abc", false)).toBe("https://dashboard.stripe.com/payments/pi_3Abc");
    expect(stripeDashboardUrl("in_1Xyz", false)).toBe("https://dashboard.stripe.com/invoices/in_1Xyz");
  });

  it("links to test mode's pages for a test key", () => {
    expect(stripeDashboardUrl("pi_3Abc", true)).toBe("https://dashboard.stripe.com/test/payments/pi_3Abc");
    expect(stripeDashboardUrl("in_1Xyz", true)).toBe("https://dashboard.stripe.com/test/invoices/in_1Xyz");
  });

  it("has no link for other references", () => {
    expect(stripeDashboardUrl(null, false)).toBeNull();
    expect(stripeDashboardUrl("cs_test_1", false)).toBeNull();
    expect(stripeDashboardUrl("https://evil.example/pi_1", false)).toBeNull();
  });
});

describe("isStripeTestKey", () => {
  it("tells test keys from live ones", () => {
    expect(isStripeTestKey("sk_test_123")).toBe(true);
    expect(isStripeTestKey("rk_test_123")).toBe(true);
    expect(isStripeTestKey("sk_live_123")).toBe(false);
    expect(isStripeTestKey(null)).toBe(false);
  });
});
