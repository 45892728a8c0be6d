import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import postgres from "postgres";
import type { TestProject } from "vitest/node";

import { openDatabase } from "~/db/client.server";
import { buildTemplate, migrate } from "~/db/migrate.server";

import { startPostgres } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite data directory with every migration applied, to be copied, never opened. */
    pgliteTemplateDir: string;
    /** URL of the test PostgreSQL server's maintenance database. */
    postgresUrl: string;
  }
}

export const POSTGRES_TEMPLATE_DB = "app_template";

interface Harness {
  postgresUrl: string;
  pgliteTemplateDir?: string;
  stop: () => void;
}
type SharedHarness = { harness: Promise<Harness>; users: number };

// Vitest sets up each project, loading this file afresh for each: the two integration projects
// (vitest.config.ts) find the harness the first one started on globalThis, and the last one done
// stops it.
const harnesses = ((
  globalThis as typeof globalThis & { __testHarnesses?: Record<string, SharedHarness> }
).__testHarnesses ??= {});

// Creating a PGlite database costs seconds; each test file copies this migrated data directory
// instead, as the site's first start copies the build's. On Postgres, each test file gets its own
// database copied from a migrated template.
export default async function setup(project: TestProject) {
  // The production tests start the built server on PostgreSQL and never open a PGlite database.
  const withPglite = project.name !== "production";
  const shared = (harnesses[String(withPglite)] ??= { harness: startHarness(withPglite), users: 0 });
  shared.users++;
  const harness = await shared.harness;
  if (harness.pgliteTemplateDir) project.provide("pgliteTemplateDir", harness.pgliteTemplateDir);
  project.provide("postgresUrl", harness.postgresUrl);
  return () => {
    if (--shared.users === 0) harness.stop();
  };
}

async function startHarness(withPglite: boolean): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-vitest-"));
  // The PGlite template is built while PostgreSQL starts in processes of its own.
  const [started, dumped] = await Promise.allSettled([
    startPostgres(),
    withPglite ? pgliteTemplate(dir) : Promise.resolve(undefined),
  ]);
  if (started.status === "rejected") {
    rmSync(dir, { recursive: true, force: true });
    throw started.reason;
  }
  const server = started.value;
  const stop = () => {
    server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (dumped.status === "rejected") throw dumped.reason;
    const admin = postgres(server.url(), { onnotice: () => {} });
    await admin.unsafe(`create database ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: server.url(POSTGRES_TEMPLATE_DB), maxConnections: 1 });
    await migrate(template);
    await template.close();
    return { postgresUrl: server.url(), pgliteTemplateDir: dumped.value, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** A migrated PGlite data directory in `dir`, made as the build makes its own; returns its path. */
async function pgliteTemplate(dir: string): Promise<string> {
  const templateDir = path.join(dir, "pglite-template");
  await buildTemplate(templateDir);
  return templateDir;
}
