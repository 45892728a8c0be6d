import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type AppDatabase, openDatabase, setDatabase } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { readSiteSettings } from "~/services/last-known.server";
import { startPageCacheSync, stopPageCacheSync } from "~/services/page-cache/sync.server";

import { overrideAppEnv } from "../support/app-env";
import {
  BACKENDS,
  createPostgresDatabase,
  createTestDatabase,
  postgresUrl,
  uniqueName,
} from "../support/test-database";

// What every page's render reads (the root loader's site settings) is read once per change, not per
// request: a flood of refused form posts, each re-rendering its page, costs no query. A change
// written by another instance reaches this one through the page cache's sync (NOTIFY and the version
// row, app/services/page-cache/sync.server.ts), which only runs in production.
overrideAppEnv({ NODE_ENV: "production" });

/**
 * This instance's database, and the client another instance writes through: on Postgres a pool of
 * its own; PGlite has a single connection, so there a write that bypasses this instance's own
 * invalidation (the admin middleware's) stands for it, as a change made straight in SQL does.
 */
async function databases(backend: (typeof BACKENDS)[number]): Promise<{ own: AppDatabase; other: AppDatabase }> {
  if (backend === "pglite") {
    const own = await createTestDatabase("pglite");
    return { own, other: own };
  }
  const url = postgresUrl(await createPostgresDatabase({ template: "app_template" }));
  const [own, other] = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
  return { own, other };
}

describe.each(BACKENDS)("the site settings every page reads, on %s", (backend) => {
  let own: AppDatabase;
  let other: AppDatabase;
  beforeAll(async () => {
    ({ own, other } = await databases(backend));
    setDatabase(own);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await own?.close();
    if (other !== own) await other?.close();
  });
  afterEach(() => stopPageCacheSync());

  async function setCompanyName(companyName: string) {
    await other.db
      .insert(siteSettings)
      .values({ id: 1, companyName, homepageHeadline: "Headline", homepageSubtext: "Subtext", supportEmail: "a@b.co" })
      .onConflictDoUpdate({ target: siteSettings.id, set: { companyName } });
  }

  it("are answered from memory between two changes, with no query", async () => {
    const name = uniqueName("Kept Agency");
    // Written before this instance listens, so no notification of it can come after the first read.
    await setCompanyName(name);
    await startPageCacheSync();
    expect((await readSiteSettings()).companyName).toBe(name);
    // Renaming the table writes no row (no notification): only a query would now fail.
    await own.db.execute(sql`alter table site_settings rename to site_settings_away`);
    try {
      for (let i = 0; i < 3; i++) expect((await readSiteSettings()).companyName).toBe(name);
    } finally {
      await own.db.execute(sql`alter table site_settings_away rename to site_settings`);
    }
  });

  it("show another instance's change within a second", async () => {
    const before = uniqueName("Before Agency");
    await setCompanyName(before);
    await startPageCacheSync();
    await expect.poll(async () => (await readSiteSettings()).companyName).toBe(before);
    const after = uniqueName("After Agency");
    const at = performance.now();
    await setCompanyName(after);
    await expect.poll(async () => (await readSiteSettings()).companyName, { timeout: 1000 }).toBe(after);
    console.log(
      `kept site settings on ${backend}: another instance's change seen after ${Math.round(performance.now() - at)} ms`,
    );
  });
});
