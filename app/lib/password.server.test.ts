import { hash, verify } from "@node-rs/argon2";
import { describe, expect, it, vi } from "vitest";

import { MAX_PASSWORD_LENGTH } from "./password";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password.server";

vi.mock("@node-rs/argon2", async (importOriginal) => {
  const argon2 = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...argon2, hash: vi.fn(argon2.hash), verify: vi.fn(argon2.verify) };
});

// Read before any test runs: what loading the module alone has hashed.
const hashesWhileLoading = vi.mocked(hash).mock.calls.length;

describe("verifyAgainstDummy", () => {
  it("has its dummy hash built while the module loads, so the first unknown username is not slower", async () => {
    expect(hashesWhileLoading).toBe(1);
    const hashesBefore = vi.mocked(hash).mock.calls.length;
    const verificationsBefore = vi.mocked(verify).mock.calls.length;
    expect(await verifyAgainstDummy("a first guess")).toBe(false);
    expect(await verifyAgainstDummy("a second guess")).toBe(false);
    expect(vi.mocked(hash).mock.calls.length).toBe(hashesBefore);
    expect(vi.mocked(verify).mock.calls.length).toBe(verificationsBefore + 2);
  });
});

describe("verifyPassword", () => {
  it("accepts the longest password that can be set", async () => {
    const longest = "a".repeat(MAX_PASSWORD_LENGTH);
    expect(await verifyPassword(await hashPassword(longest), longest)).toBe(true);
  });

  it("refuses a longer one without hashing it, even when it matches", async () => {
    const tooLong = "a".repeat(MAX_PASSWORD_LENGTH + 1);
    const stored = await hashPassword(tooLong);
    const verificationsBefore = vi.mocked(verify).mock.calls.length;
    expect(await verifyPassword(stored, tooLong)).toBe(false);
    expect(await verifyPassword(stored, "a".repeat(1_000_000))).toBe(false);
    expect(vi.mocked(verify).mock.calls.length).toBe(verificationsBefore);
  });
});
