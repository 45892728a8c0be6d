import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { ConfigError, defaultConcurrentHashes, loadEnv, parseEnv } from "./env.server";

const dir = mkdtempSync(path.join(tmpdir(), "agency-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("configuration", () => {
  it("has defaults for everything", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", LOGIN_MAX_FAILURES: 5, LOGIN_WINDOW_MINUTES: 15 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("waits 10 s at most for Stripe and allows 10 payment presses an hour by default", () => {
    expect(parseEnv({})).toMatchObject({ STRIPE_TIMEOUT_SECONDS: 10, PAYMENTS_PER_HOUR: 10 });
    expect(parseEnv({ STRIPE_TIMEOUT_SECONDS: "1.5" }).STRIPE_TIMEOUT_SECONDS).toBe(1.5);
    expect(() => parseEnv({ STRIPE_TIMEOUT_SECONDS: "30" })).toThrow(ConfigError);
  });

  it("checks passwords on every core but one by default, so a burst of sign-ins leaves one for the pages", () => {
    expect([1, 2, 4, 16].map((cores) => defaultConcurrentHashes(cores))).toEqual([1, 1, 3, 15]);
    expect(parseEnv({}).LOGIN_MAX_CONCURRENT_HASHES).toBe(Math.max(1, availableParallelism() - 1));
    expect(parseEnv({ LOGIN_MAX_CONCURRENT_HASHES: "4" }).LOGIN_MAX_CONCURRENT_HASHES).toBe(4);
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
    // A value that would add a directive or a keyword to the CSP.
    [{ CSP_EMBED_HOSTS: "https://voice.example; script-src *" }, /CSP_EMBED_HOSTS: must list hosts/],
    [{ CSP_EMBED_HOSTS: "'unsafe-eval'" }, /CSP_EMBED_HOSTS: must list hosts/],
    [{ CSP_EMBED_HOSTS: "*" }, /CSP_EMBED_HOSTS: must list hosts/],
  ])("refuses %o with a one-line message naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("lists the embed hosts given by spaces or commas", () => {
    expect(parseEnv({}).CSP_EMBED_HOSTS).toEqual([]);
    expect(
      parseEnv({ CSP_EMBED_HOSTS: " https://voice.example, wss://*.voice.example:443  api.x.io/v1/" }).CSP_EMBED_HOSTS,
    ).toEqual(["https://voice.example", "wss://*.voice.example:443", "api.x.io/v1/"]);
  });

  it("listens on loopback alone in development unless HOST says otherwise, on every interface elsewhere", () => {
    expect(loadEnv({ DATA_DIR: dir, NODE_ENV: "development" }).HOST).toBe("127.0.0.1");
    expect(loadEnv({ DATA_DIR: dir }).HOST).toBe("127.0.0.1");
    expect(loadEnv({ DATA_DIR: dir, NODE_ENV: "development", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadEnv({ DATA_DIR: dir, NODE_ENV: "production" }).HOST).toBe("0.0.0.0");
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
