import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { type RunningServer, startBuiltServer, stopBuiltServer } from "../support/built-server";
import { productText } from "../support/product-text";

// A browser with JavaScript on whose address has been refused again and again at sign-in: the
// post is then answered before React Router with one plain line (docs/decisions/029-repeated-refusals.md),
// and the page must still say what happened. The e2e server raises every limit for 127.0.0.1, so
// this test starts a built server of its own, at one sign-in attempt an address.

let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "agency-sign-in-flood-"));
  server = await startBuiltServer({ DATA_DIR: dataDir, LOGIN_MAX_ATTEMPTS_PER_ADDRESS: "1" });
});

test.afterAll(async () => {
  if (server) await stopBuiltServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test("after ten refusals the sign-in form shows why it is refused", { tag: "@js" }, async ({ page }) => {
  // The one attempt, then the ten refusals a person gets as the sign-in page.
  for (let attempt = 0; attempt < 11; attempt++) {
    const answer = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ username: `nobody-${attempt}`, password: "a-guessed-password" }),
    });
    expect(answer.status).toBe(attempt === 0 ? 401 : 429);
  }
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("Username").fill("owner");
  await page.getByLabel("Password").fill("a-guessed-password");
  const posted = page.waitForResponse((response) => response.url().includes("/admin/login.data"));
  await page.getByRole("button", { name: "Sign In" }).click();
  expect((await posted).status()).toBe(429);
  await expect(page.getByRole("heading", { name: productText("Too many attempts") })).toBeVisible();
  await expect(
    page.getByText(productText("Too many attempts from your address. Please wait a few minutes and try again.")),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: productText("Back to home") })).toBeVisible();
});
