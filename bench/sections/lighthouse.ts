import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { z } from "zod";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../lib/chromium";
import { progress } from "../lib/progress";

export const LIGHTHOUSE_PAGES = ["/", "/services", "/order"];

export interface LighthouseFigures {
  path: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  fcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

const RUN_TIMEOUT_MS = 240_000;

/**
 * Lighthouse's command line: LIGHTHOUSE_CLI, or a `lighthouse` devDependency.
 */
export function findLighthouse(root: string): string | null {
  const candidates = [process.env.LIGHTHOUSE_CLI, path.join(root, "node_modules/lighthouse/cli/index.js")];
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? null;
}

const Score = z.object({ score: z.number().nullable() }).optional();
const Audit = z.object({ numericValue: z.number().optional() }).optional();
const ReportSchema = z.object({
  categories: z.object({ performance: Score, accessibility: Score, "best-practices": Score, seo: Score }),
  audits: z.object({
    "largest-contentful-paint": Audit,
    "first-contentful-paint": Audit,
    "total-blocking-time": Audit,
    "cumulative-layout-shift": Audit,
  }),
});

const run = promisify(execFile);

/** One mobile run (Lighthouse's default form factor and throttling) per page. */
export async function runLighthouse(cli: string, appUrl: string): Promise<LighthouseFigures[]> {
  const scratch = mkdtempSync(path.join(tmpdir(), "agency-bench-lh-"));
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const output = path.join(scratch, "report.json");
      try {
        await run(
          process.execPath,
          [
            cli,
            appUrl + page,
            "--only-categories=performance,accessibility,best-practices,seo",
            "--output=json",
            `--output-path=${output}`,
            `--chrome-flags=${CHROMIUM_FLAGS.join(" ")}`,
            "--quiet",
            "--disable-full-page-screenshot",
          ],
          // Chromium's profile and leftovers go to the scratch directory, removed below.
          { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH, TMPDIR: scratch }, timeout: RUN_TIMEOUT_MS },
        );
      } catch (error) {
        // Lighthouse exits non-zero on a page error yet still writes its report.
        if (!existsSync(output)) throw error;
      }
      const report = ReportSchema.parse(JSON.parse(readFileSync(output, "utf8")));
      const score = (category: z.infer<typeof Score>) =>
        category?.score == null ? null : Math.round(category.score * 100);
      const value = (audit: z.infer<typeof Audit>) => audit?.numericValue ?? null;
      figures.push({
        path: page,
        performance: score(report.categories.performance),
        accessibility: score(report.categories.accessibility),
        bestPractices: score(report.categories["best-practices"]),
        seo: score(report.categories.seo),
        lcpMs: value(report.audits["largest-contentful-paint"]),
        fcpMs: value(report.audits["first-contentful-paint"]),
        tbtMs: value(report.audits["total-blocking-time"]),
        cls: value(report.audits["cumulative-layout-shift"]),
      });
      progress(`  Lighthouse ${page}: performance ${figures.at(-1)!.performance}`);
      rmSync(output, { force: true });
    }
    return figures;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
