import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadEnv, parseEnv } from "./env.server";

const dir = mkdtempSync(path.join(tmpdir(), "agency-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("configuration", () => {
  it("has defaults for everything", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", LOGIN_MAX_FAILURES: 5, LOGIN_WINDOW_MINUTES: 15 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT: /],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: must be a postgres/],
    [{ SESSION_SECRET: "short" }, /SESSION_SECRET: must be at least 32/],
    [{ ADMIN_USERNAME: "owner" }, /ADMIN_PASSWORD: ADMIN_USERNAME and ADMIN_PASSWORD must be set together/],
    [{ ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "x".repeat(201) }, /ADMIN_PASSWORD: must be at most 200 characters/],
    [{ SUPABASE_URL: "https://x.supabase.co" }, /SUPABASE_SERVICE_ROLE_KEY/],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://h/db" }, /SESSION_SECRET: is required in production/],
    [{ MAX_IMAGE_BYTES: "-1" }, /MAX_IMAGE_BYTES/],
  ])("refuses %o with a one-line message naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("treats empty strings as unset", () => {
    expect(
      parseEnv({ DATABASE_URL: "", SUPABASE_URL: "", SUPABASE_SERVICE_ROLE_KEY: "" }).DATABASE_URL,
    ).toBeUndefined();
  });

  it("generates a session secret once and keeps it under DATA_DIR", () => {
    const first = loadEnv({ DATA_DIR: dir });
    expect(first.SESSION_SECRET).toHaveLength(64);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(first.SESSION_SECRET);
    expect(loadEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(loadEnv({ DATA_DIR: dir, SESSION_SECRET: "y".repeat(32) }).SESSION_SECRET).toBe("y".repeat(32));
  });
});
