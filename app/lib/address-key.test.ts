import { describe, expect, it } from "vitest";

import { rateLimitAddress } from "./address-key";

describe("rateLimitAddress", () => {
  it.each([
    ["192.0.2.1", "192.0.2.1"],
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::ffff:c000:201", "192.0.2.1"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1:2:3:4", "fe80:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s counts as %s", (address, key) => {
    expect(rateLimitAddress(address)).toBe(key);
  });

  it("puts every address of one /64 under one key, and neighbouring /64s under others", () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, i) => rateLimitAddress(`2001:db8:aa:bb:${i.toString(16)}::${i}`)),
    );
    expect(keys).toEqual(new Set(["2001:db8:aa:bb::/64"]));
    expect(rateLimitAddress("2001:db8:aa:bc::1")).not.toBe(rateLimitAddress("2001:db8:aa:bb::1"));
  });
});
