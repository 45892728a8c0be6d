import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { chromium, type Response } from "@playwright/test";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../lib/chromium";
import { sleep } from "../lib/http";

export interface ScriptFile {
  url: string;
  gzipBytes: number;
  /** Loaded before the page's load event; the others came after (idle or lazy loading). */
  beforeLoad: boolean;
}

export interface InitialJsFigures {
  /** Every JS file loaded before the visitor does anything (load, network idle, then a quiet moment). */
  files: number;
  gzipBytes: number;
  /** Those of them loaded before the load event. */
  beforeLoadFiles: number;
  beforeLoadGzipBytes: number;
  scripts: ScriptFile[];
  /**
   * Every JS file loaded once the visitor has moved the pointer and the page has hydrated (public
   * pages hydrate on the first interaction: app/lib/deferred-hydration.ts).
   */
  afterFirstInteraction: { files: number; gzipBytes: number };
}

/** Idle-time loading (requestIdleCallback, timers) gets this long after the network went quiet. */
const SETTLE_MS = 2000;

const isScript = (response: Response) =>
  response.request().resourceType() === "script" ||
  /javascript|ecmascript/.test(response.headers()["content-type"] ?? "");

/**
 * The JS a phone's Chromium loads on `/` before the visitor touches anything, each file weighed as
 * the build's file compressed with gzip -9 (the body as received for anything not in the build).
 */
export async function measureInitialJs(appUrl: string, buildClientDir: string): Promise<InitialJsFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 915 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    let loaded = false;
    const responses: Array<{ response: Response; beforeLoad: boolean }> = [];
    page.on("load", () => (loaded = true));
    page.on("response", (response) => {
      if (isScript(response) && !response.url().startsWith("data:")) responses.push({ response, beforeLoad: !loaded });
    });
    await page.goto(`${appUrl}/`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    await sleep(SETTLE_MS);
    await page.waitForLoadState("networkidle");

    const weigh = async (list: typeof responses): Promise<ScriptFile[]> => {
      const weighed: ScriptFile[] = [];
      for (const { response, beforeLoad } of list) {
        const url = new URL(response.url());
        const file = path.join(buildClientDir, decodeURIComponent(url.pathname));
        const inBuild = url.origin === new URL(appUrl).origin && file.startsWith(buildClientDir) && existsSync(file);
        const bytes = inBuild ? readFileSync(file) : await response.body();
        weighed.push({ url: url.pathname, gzipBytes: gzipSync(bytes, { level: 9 }).length, beforeLoad });
      }
      return weighed;
    };
    const scripts = await weigh(responses.splice(0));
    const early = scripts.filter((s) => s.beforeLoad);
    const total = (list: ScriptFile[]) => list.reduce((sum, s) => sum + s.gzipBytes, 0);

    // A pointer that really moves (app/lib/deferred-hydration.ts ignores one that does not).
    await page.mouse.move(200, 200, { steps: 4 });
    await page.locator("main[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    const later = await weigh(responses);
    return {
      files: scripts.length,
      gzipBytes: total(scripts),
      beforeLoadFiles: early.length,
      beforeLoadGzipBytes: total(early),
      scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
      afterFirstInteraction: { files: scripts.length + later.length, gzipBytes: total(scripts) + total(later) },
    };
  } finally {
    await browser.close();
  }
}
