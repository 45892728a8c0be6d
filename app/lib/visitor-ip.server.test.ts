import { describe, expect, it } from "vitest";

import { truncateIp, UNKNOWN_IP, webhookIp } from "./visitor-ip.server";

describe("webhookIp", () => {
  it("sends nothing by default", () => {
    expect(webhookIp("203.0.113.77", "none")).toBe(UNKNOWN_IP);
  });

  it("truncates IPv4 to its /24 and IPv6 to its /48", () => {
    expect(webhookIp("203.0.113.77", "truncated")).toBe("203.0.113.0");
    expect(truncateIp("::ffff:198.51.100.9")).toBe("198.51.100.0");
    expect(truncateIp("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd::");
    expect(truncateIp("2001:db8::1")).toBe("2001:db8:0::");
  });

  it("sends the full address only when asked", () => {
    expect(webhookIp("2001:db8::1", "full")).toBe("2001:db8::1");
  });

  it("never sends something that is not an address", () => {
    expect(webhookIp("not-an-ip", "full")).toBe(UNKNOWN_IP);
    expect(webhookIp("not-an-ip", "truncated")).toBe(UNKNOWN_IP);
    expect(webhookIp(null, "full")).toBe(UNKNOWN_IP);
  });
});
