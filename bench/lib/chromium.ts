import { existsSync } from "node:fs";

/** Debian's Chromium, as the e2e tests use it (playwright.config.ts); never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumMissingMessage(): string | null {
  return existsSync(CHROMIUM_PATH)
    ? null
    : `Chromium not found at ${CHROMIUM_PATH}: install it (\`sudo apt-get install -y chromium\`) or set CHROMIUM_PATH.`;
}
