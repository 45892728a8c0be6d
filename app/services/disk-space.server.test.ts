import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { loadEnv } from "~/lib/env.server";

import {
  dataVolumeFreeBytes,
  dataVolumeWarning,
  DISK_MEASURE_TTL_MS,
  forgetDataVolumeMeasure,
} from "./disk-space.server";

const MB = 1024 * 1024;
const root = mkdtempSync(path.join(tmpdir(), "agency-disk-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function freshDir(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir);
  return dir;
}

function statfsFreeBytes(dir: string): number {
  const { bavail, bsize } = statfsSync(dir);
  return bavail * bsize;
}

// The machine's disk is shared with other processes, so "free space went down by the file we
// wrote" is checked to within half the file's size.
const BALLAST_BYTES = 32 * MB;

describe("measuring DATA_DIR's volume", () => {
  it("keeps a measure for a few seconds, then measures again", async () => {
    const dir = freshDir("ttl");
    const start = 1_000_000;
    const first = await dataVolumeFreeBytes(dir, start);
    writeFileSync(path.join(dir, "ballast"), Buffer.alloc(BALLAST_BYTES, 1));
    expect(await dataVolumeFreeBytes(dir, start + DISK_MEASURE_TTL_MS - 1)).toBe(first);
    const later = await dataVolumeFreeBytes(dir, start + DISK_MEASURE_TTL_MS);
    expect(first - later).toBeGreaterThan(BALLAST_BYTES / 2);
  });

  it("measures again at once after a write it is told of", async () => {
    const dir = freshDir("forget");
    const first = await dataVolumeFreeBytes(dir);
    writeFileSync(path.join(dir, "ballast"), Buffer.alloc(BALLAST_BYTES, 1));
    forgetDataVolumeMeasure(dir);
    expect(first - (await dataVolumeFreeBytes(dir))).toBeGreaterThan(BALLAST_BYTES / 2);
  });

  it("measures the volume a DATA_DIR not made yet will be made on", async () => {
    const free = await dataVolumeFreeBytes(path.join(root, "not", "made", "yet"));
    expect(Math.abs(free - statfsFreeBytes(root))).toBeLessThan(BALLAST_BYTES / 2);
  });
});

describe("the dashboard's warning from the configuration", () => {
  const secrets = { SESSION_SECRET: "s".repeat(40), SECRETS_KEY: "k".repeat(40) };
  // No volume here has a petabyte free: uploads are paused on any of them.
  const PAUSED = { UPLOADS_MIN_FREE_DISK_MB: "1000000000", DISK_CRITICAL_FREE_MB: "0" };

  it("on the embedded database speaks of the data volume, with this instance's free MB", async () => {
    const dir = freshDir("embedded");
    const warning = await dataVolumeWarning(loadEnv({ ...secrets, ...PAUSED, DATA_DIR: dir }));
    expect(warning?.level).toBe("low");
    expect(Math.abs(warning!.freeMb * MB - statfsFreeBytes(dir))).toBeLessThan(BALLAST_BYTES / 2);
    expect(warning?.message).toMatch(/^Disk nearly full: \d+ MB free on the data volume\. /);
  });

  it("with DATABASE_URL speaks of the uploads volume, and with Supabase too says nothing", async () => {
    const dir = freshDir("postgres");
    const postgres = { ...secrets, ...PAUSED, DATA_DIR: dir, DATABASE_URL: "postgres://db.example/site" };
    expect((await dataVolumeWarning(loadEnv(postgres)))?.message).toContain("on this server's uploads volume");
    const supabase = { SUPABASE_URL: "https://project.supabase.co", SUPABASE_SERVICE_ROLE_KEY: "service-key" };
    expect(await dataVolumeWarning(loadEnv({ ...postgres, ...supabase }))).toBeNull();
  });

  it("is silent while the volume has room", async () => {
    const room = { UPLOADS_MIN_FREE_DISK_MB: "1", DISK_CRITICAL_FREE_MB: "0" };
    expect(await dataVolumeWarning(loadEnv({ ...secrets, ...room, DATA_DIR: freshDir("room") }))).toBeNull();
  });
});
