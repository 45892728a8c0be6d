import path from "node:path";

import { defineConfig } from "@playwright/test";

import { freePort } from "./tests/support/postgres-server";

// Worker processes load this file again: the port chosen by the main process travels in the env.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_STATE_FILE ??= path.resolve(".tmp", `e2e-state-${process.env.E2E_PORT}.json`);
process.env.E2E_ADMIN_USERNAME ??= "owner";
process.env.E2E_ADMIN_PASSWORD ??= "owner-password-123";
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // The hero's pulsing dot never stops: on the headless shell's software compositing an open home
    // page kept a core busy (9 s of CPU in 10 s idle, none with reduced motion). Tests of motion
    // itself ask for "no-preference".
    reducedMotion: "reduce",
    // Locally a failed test keeps its trace (actions, DOM snapshots, network, console) without the
    // screencast: streaming every painted frame as JPEG took a quarter of the suite's CPU on the
    // 2-core CI machine (admin-auth + public-home: 175-199 s of CPU with it, 140 s without). CI
    // keeps none: .ci/run hands on only its output, and recording every test's trace to keep the
    // failed ones cost 15% of the suite's time (four specs: 154-161 s with it, 131-134 s without).
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false },
    // A worker's tests share one browser context, emptied between tests (cookies, storage, pages,
    // routes, init scripts): a new one for each took a seventh of the suite's CPU. Its HTTP cache
    // stays (patches/playwright-core+1.65.1.dev.patch), so the app's scripts are fetched and
    // compiled once a worker. docs/decisions/031-e2e-context-reuse.md and 034 say how to go back.
    reuseContext: true,
    launchOptions: {
      // Debian's headless shell of Chromium (package chromium-headless-shell); Playwright never
      // downloads a browser here. The full browser's --headless runs its whole UI unseen and made
      // the suite take twice as long on the 2-core CI machine.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        // Software compositing in the GPU process took a third of a core per browser; without it
        // the same specs ran in 156 s instead of 216 s.
        "--disable-gpu-compositing",
        "--disable-software-rasterizer",
        // What is left of the GPU process (the display compositor) as a thread of the browser's:
        // three specs took 165 CPU-s instead of 172 (medians of five interleaved runs each).
        "--in-process-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
      ],
    },
  },
  projects: [
    // Tag a test @js or @nojs when it only makes sense with JavaScript on or off.
    { name: "js", use: { browserName: "chromium", javaScriptEnabled: true }, grepInvert: /@nojs/ },
    { name: "nojs", use: { browserName: "chromium", javaScriptEnabled: false }, grepInvert: /@js\b/ },
  ],
  webServer: {
    command: "node --import tsx tests/support/e2e-server.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
