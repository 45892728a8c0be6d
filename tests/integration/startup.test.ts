import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it, vi } from "vitest";

import { openDatabase } from "~/db/client.server";
import { loadEnv } from "~/lib/env.server";
import { listAdminUsers } from "~/models/admin-users.server";
import { getFounderInfo } from "~/models/founder-info.server";
import { listAllServices } from "~/models/services.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { start, stop } from "~/services/startup.server";

import { createPostgresDatabase, postgresUrl } from "../support/test-database";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-startup-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function captureStdout() {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((...args) => void lines.push(args.join(" ")));
  return { text: () => lines.join("\n"), restore: () => spy.mockRestore() };
}

describe("start-up on the embedded database", () => {
  it("seeds a fresh DATA_DIR, prints generated credentials once, and reopens it intact", async () => {
    const dataDir = tempDir();
    const env = loadEnv({ DATA_DIR: dataDir, NODE_ENV: "production" });
    expect(existsSync(path.join(dataDir, "session-secret"))).toBe(true);

    const out = captureStdout();
    try {
      await start(env);
      const services = await listAllServices();
      // docs/product.md, Starting content: nine services, eight active, six of them featured.
      expect(services).toHaveLength(9);
      expect(services.filter((s) => s.isActive)).toHaveLength(8);
      expect(services.filter((s) => s.isActive && s.featured)).toHaveLength(6);
      expect(new Set(services.map((s) => s.category)).size).toBe(8);
      expect(services.some((s) => !s.isActive)).toBe(true);
      expect(services.some((s) => s.featured)).toBe(true);
      expect(services.some((s) => s.monthlyPrice === 0)).toBe(true);
      expect((await getSiteSettings()).companyName).toBe("FlowForge Automation");
      expect((await getFounderInfo())?.skills).toEqual([
        "n8n",
        "AI Agents",
        "OpenAI API",
        "Webhooks & APIs",
        "PostgreSQL",
        "Shopify",
        "HubSpot",
        "Make.com",
      ]);
      const admins = await listAdminUsers();
      expect(admins).toHaveLength(1);
      expect(admins[0]).toMatchObject({ username: "admin", role: "super_admin", isActive: true });
      expect(out.text()).toMatch(/Username:\s+admin/);
      expect(out.text()).toMatch(/Password:\s+\S{20}/);

      // A second server on the same directory is refused while the first holds it.
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
      await stop();
      expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

      const before = out.text();
      await start(loadEnv({ DATA_DIR: dataDir, NODE_ENV: "production" }));
      expect(out.text().slice(before.length)).not.toMatch(/Password:/);
      expect(await listAdminUsers()).toHaveLength(1);
      expect((await listAllServices()).length).toBe(services.length);
      await stop();
    } finally {
      out.restore();
      await stop();
    }
  });

  it("creates the first super admin from ADMIN_USERNAME and ADMIN_PASSWORD", async () => {
    const dataDir = tempDir();
    const out = captureStdout();
    try {
      await start(loadEnv({ DATA_DIR: dataDir, ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "a-long-password" }));
      expect((await listAdminUsers()).map((a) => [a.username, a.role])).toEqual([["owner", "super_admin"]]);
      expect(out.text()).not.toMatch(/a-long-password/);
    } finally {
      out.restore();
      await stop();
    }
  });
});

describe("start-up on PostgreSQL", () => {
  it("migrates and seeds an empty database through DATABASE_URL, then restarts cleanly", async () => {
    const name = await createPostgresDatabase();
    const env = loadEnv({
      DATABASE_URL: postgresUrl(name),
      DATA_DIR: tempDir(),
      SESSION_SECRET: "x".repeat(40),
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "a-long-password",
    });
    const out = captureStdout();
    try {
      await start(env);
      expect((await listAllServices()).length).toBeGreaterThanOrEqual(8);
      await stop();
      await start(env);
      expect(await listAdminUsers()).toHaveLength(1);
    } finally {
      out.restore();
      await stop();
    }
  });
});
