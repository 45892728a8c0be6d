import { describe, expect, it } from "vitest";

import { BlockedAddressError, checkedAddress, isPrivateAddress, pinnedLookup } from "./public-address.server";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "0.0.0.0",
    "10.1.2.3",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "224.0.0.251",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "ff02::1",
    "64:ff9b::a00:1",
  ])("%s is private", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe("checkedAddress", () => {
  it("refuses a name that resolves to loopback, unless private addresses are allowed", async () => {
    await expect(checkedAddress("localhost", { allowPrivate: false })).rejects.toThrow(BlockedAddressError);
    await expect(checkedAddress("[::1]", { allowPrivate: false })).rejects.toThrow(BlockedAddressError);
    expect(await checkedAddress("localhost", { allowPrivate: true })).toMatchObject({ address: expect.any(String) });
    expect(await checkedAddress("[::1]", { allowPrivate: true })).toEqual({ address: "::1", family: 6 });
  });

  it("accepts a public literal without asking the resolver", async () => {
    expect(await checkedAddress("8.8.8.8", { allowPrivate: false })).toEqual({ address: "8.8.8.8", family: 4 });
  });
});

describe("pinnedLookup", () => {
  it("answers with the checked address whatever name is asked, in both callback forms", async () => {
    const lookup = pinnedLookup({ address: "93.184.216.34", family: 4 });
    const one = await new Promise((resolve) =>
      lookup("rebound.example", {}, (error, address, family) => resolve({ error, address, family })),
    );
    expect(one).toEqual({ error: null, address: "93.184.216.34", family: 4 });
    const all = await new Promise((resolve) => lookup("rebound.example", { all: true }, (_e, list) => resolve(list)));
    expect(all).toEqual([{ address: "93.184.216.34", family: 4 }]);
  });
});
