import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { OWNER } from "../support/app-under-test";
import { ROOT, type RunningServer, startBuiltServer, stopBuiltServer } from "../support/built-server";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import { POSTGRES_TEMPLATE_DB } from "../support/vitest-global-setup";

// Defaults: the build started as `node build/server/main.js`, with no NODE_ENV at all, is
// production: a CSP on every page, Secure cookies, and static files with a page's headers.

const EMBED_HOSTS = "https://voice.example wss://live.voice.example";

let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "agency-defaults-"));
  server = await startBuiltServer(
    {
      DATABASE_URL: postgresUrl(await createPostgresDatabase({ template: POSTGRES_TEMPLATE_DB })),
      DATA_DIR: dataDir,
      SESSION_SECRET: "defaults-session-secret-0123456789abcdef",
      SECRETS_KEY: "defaults-secrets-key-0123456789abcdef-01",
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      CSP_EMBED_HOSTS: EMBED_HOSTS,
    },
    { command: ["node", "build/server/main.js"] },
  );
});
afterAll(async () => {
  if (server) await stopBuiltServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The directives of a policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

describe("the build started without NODE_ENV", () => {
  it("sends every page with a content security policy, tight by default, with the embed hosts", async () => {
    for (const pathname of ["/", "/chat", "/admin/login"]) {
      const response = await fetch(server.url + pathname);
      expect(response.status).toBe(200);
      const policy = directives(response.headers.get("content-security-policy"));
      expect(policy.get("script-src"), pathname).toContain("'strict-dynamic'");
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("connect-src")).toEqual(["'self'", ...EMBED_HOSTS.split(" ")]);
      expect(policy.get("frame-src")).toEqual(["'self'", ...EMBED_HOSTS.split(" ")]);
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("sets the session cookie Secure, with the __Host- prefix", async () => {
    const answer = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ username: OWNER.username, password: OWNER.password }),
    });
    expect(answer.status).toBe(302);
    const cookies = answer.headers.getSetCookie();
    // The __Host- prefix: browsers take it only Secure, for "/", and without a Domain.
    const session = cookies.find((cookie) => cookie.startsWith("__Host-session="));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/;\s*Path=\//);
    expect(session).not.toMatch(/Domain=/i);
    expect(cookies.find((cookie) => cookie.startsWith("__session="))).toBeUndefined();
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*Secure/i);
  });

  it("sends static files and assets with a page's security headers and a policy that runs nothing", async () => {
    const script = readdirSync(path.join(ROOT, "build/client/assets")).find((name) => name.endsWith(".js"))!;
    for (const pathname of ["/favicon.svg", `/assets/${script}`]) {
      const response = await fetch(server.url + pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const policy = directives(response.headers.get("content-security-policy"));
      expect(policy.get("default-src")).toEqual(["'none'"]);
      expect(policy.has("sandbox")).toBe(true);
    }
  });
});
