import { describe, expect, it } from "vitest";

import { codedError, errorCode } from "./error-chain";

describe("errorCode", () => {
  it("reads the code of a wrapped error", () => {
    const postgres = Object.assign(new Error("duplicate key value"), { code: "23505" });
    const drizzle = new Error("Failed query: insert ...", { cause: postgres });
    expect(errorCode(drizzle)).toBe("23505");
    expect(codedError(new TypeError("fetch failed", { cause: postgres }))).toBe(postgres);
  });

  it("takes the outermost code", () => {
    const inner = Object.assign(new Error("terminating connection"), { code: "57P01" });
    expect(errorCode(Object.assign(new Error("closed"), { code: "CONNECTION_CLOSED", cause: inner }))).toBe(
      "CONNECTION_CLOSED",
    );
  });

  it("has no code for plain errors and non-errors", () => {
    expect(errorCode(new Error("boom", { cause: new Error("deeper") }))).toBeUndefined();
    expect(errorCode(Object.assign(new Error("numeric"), { code: 42 }))).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
    expect(errorCode("23505")).toBeUndefined();
  });
});
