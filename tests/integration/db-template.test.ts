import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { getDatabase } from "~/db/client.server";
import { buildTemplate, readMigrations } from "~/db/migrate.server";
import { loadEnv } from "~/lib/env.server";
import { listAllServices } from "~/models/services.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { start, stop } from "~/services/startup.server";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-template-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// The template is built as an older build would have built it: without the newest migration, and
// with a table no migration creates, which proves a database came from the template.
const migrations = readMigrations();
const newest = migrations.at(-1)!;
const MARKER = { version: "00000000000000", name: "template_marker", sql: "create table template_marker (id int);" };
let templateDir: string;

beforeAll(async () => {
  templateDir = path.join(tempDir(), "pglite-template");
  await buildTemplate(templateDir, [MARKER, ...migrations.slice(0, -1)]);
});

function query<Row>(text: string): Promise<Row[]> {
  return getDatabase().transaction((tx) => tx.query<Row>(text));
}

async function appliedVersions(): Promise<string[]> {
  const rows = await query<{ version: string }>("select version from supabase_migrations.schema_migrations order by 1");
  return rows.map((row) => row.version);
}

async function hasMarker(): Promise<boolean> {
  const [row] = await query<{ name: string | null }>("select to_regclass('template_marker')::text as name");
  return row.name !== null;
}

describe("a new DATA_DIR on the embedded database", () => {
  it("starts as a copy of the template, with the demo content and every migration applied", async () => {
    const dataDir = tempDir();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await start(loadEnv({ DATA_DIR: dataDir, NODE_ENV: "production" }), { templateDir });
      expect(await hasMarker()).toBe(true);
      expect(await appliedVersions()).toEqual([MARKER.version, ...migrations.map((m) => m.version)]);
      expect((await getSiteSettings()).companyName).toBe("FlowForge Automation");
      expect((await listAllServices()).length).toBeGreaterThanOrEqual(8);
      // The template itself stays as built: the next new DATA_DIR starts from the same state.
      await stop();
      expect(existsSync(path.join(templateDir, "PG_VERSION"))).toBe(true);
      expect(existsSync(path.join(dataDir, "pgdata.partial"))).toBe(false);
    } finally {
      log.mockRestore();
      await stop();
    }
  });

  it("applies a migration added after the template was built", async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((line) => void lines.push(String(line)));
    try {
      await start(loadEnv({ DATA_DIR: tempDir(), NODE_ENV: "production" }), { templateDir });
      const applied = lines.map((line) => JSON.parse(line.startsWith("{") ? line : "{}"));
      expect(applied.find((entry) => entry.msg === "migrations applied")?.versions).toEqual([newest.version]);
      expect(await appliedVersions()).toContain(newest.version);
    } finally {
      log.mockRestore();
      await stop();
    }
  });

  it("runs initdb when there is no template", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await start(loadEnv({ DATA_DIR: tempDir(), NODE_ENV: "production" }), {
        templateDir: path.join(tempDir(), "missing"),
      });
      expect(await hasMarker()).toBe(false);
      expect(await appliedVersions()).toEqual(migrations.map((m) => m.version));
    } finally {
      log.mockRestore();
      await stop();
    }
  });
});
