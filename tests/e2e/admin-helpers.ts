import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";

import type { Db } from "~/db/client.server";
import { adminUsers } from "~/db/schema";

import routeTable from "../../app/routes";
import type { TestAdmin } from "../support/factories";
import { expect, test } from "./fixtures";

// What the admin specs share beyond the factories of tests/support/factories.ts.

/** Removes an admin a test created, so the admin list stays short. */
export async function deleteTestAdmin(database: Db, admin: Pick<TestAdmin, "id"> | undefined): Promise<void> {
  if (admin) await database.delete(adminUsers).where(eq(adminUsers.id, admin.id));
}

/**
 * The delete button of a row: a button with JavaScript, the <summary> of a <details> without
 * (Playwright gives a summary no button role), both named by their aria-label.
 */
export function deleteTrigger(page: Page, label: string) {
  return page.getByLabel(label, { exact: true });
}

/**
 * Opens an admin page. With JavaScript it also waits until React has hydrated the page, so that
 * enhanced controls (a status select that saves on change) have their handlers.
 */
export async function openAdmin(page: Page, path: string) {
  const response = await page.goto(path);
  if (test.info().project.use.javaScriptEnabled !== false) {
    await page.locator("[data-hydrated]").waitFor({ state: "attached" });
  }
  return response;
}

/**
 * After following an Add or Edit link from a list: with JavaScript the form opens as a dialog over
 * the list; without, the link leads to a page with the form and no dialog. Returns the form's box.
 */
export async function expectFormOpened(page: Page, title: string) {
  if (test.info().project.use.javaScriptEnabled === false) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    return page.locator("main");
  }
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Signing in and signing out: the admin paths open to visitors. */
export const OPEN_ADMIN_PATHS = ["admin/login", "admin/logout"];

/** Every admin path of the route table (app/routes.ts) but signing in and out, like "admin/services/:serviceId/edit". */
export function guardedAdminPaths(entries: RouteConfigEntry[] = routeTable, parent = ""): string[] {
  return entries
    .flatMap((entry) => {
      const path = [parent, entry.path].filter(Boolean).join("/");
      const own = path === "admin" || path.startsWith("admin/") ? [path] : [];
      return [...own, ...guardedAdminPaths(entry.children ?? [], path)];
    })
    .filter((path, index, all) => !OPEN_ADMIN_PATHS.includes(path) && all.indexOf(path) === index);
}
