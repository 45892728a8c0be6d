import path from "node:path";

import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { db } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { adminGuard } from "~/middleware/admin-guard.server";
import { forgetPagesAfterAdminWrites } from "~/middleware/page-cache.server";
import { updateAdminUser } from "~/models/admin-users.server";
import routeTable from "~/routes";

import { createTestAdmin } from "../support/factories";
import { getRequest, postRequest, routeId, send, sessionFor } from "../support/route-args";
import { useTestDatabase } from "../support/test-database";

// Every admin route is guarded, proven on the route table itself (app/routes.ts), so that a route
// added later cannot be forgotten: each sits under a route whose middleware holds the admin guard,
// and a request without a session to each of them, GET or POST, ends at the login page.

// Super admins only (app/middleware/admin-guard.server.ts requireSuperAdmin).
const SUPER_ADMIN_ONLY = /^admin\/(admins|integrations|personal-data)(\/|$)/;

/** A digest of every table's rows: equal before and after means nothing was changed. */
async function databaseFingerprint(): Promise<string> {
  const rows = await db().execute<{ fingerprint: string }>(sql`
    select string_agg(t.table_name || '=' || (xpath('/row/c/text()',
      query_to_xml(format('select md5(coalesce(string_agg(x::text, %L order by x::text), %L)) as c from %I x', ',', '', t.table_name), false, true, '')))[1]::text, ',' order by t.table_name)
      as fingerprint
    from information_schema.tables t where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and t.table_name not in ('rate_limits', 'admin_sessions', 'staff_presence')`);
  // PGlite answers { rows }, postgres-js the rows themselves.
  const answer = rows as unknown as { rows?: { fingerprint: string }[] } & { fingerprint: string }[];
  return (answer.rows ?? answer)[0].fingerprint;
}

// Signing in, and signing out (which changes nothing but the visitor's own cookie).
const OPEN = ["admin/login", "admin/logout"];

type TableRoute = { id: string; path: string; guarded: boolean; forgetsPages: boolean; hasAction: boolean };

async function walk(
  entries: RouteConfigEntry[],
  parentPath = "",
  parent = { guarded: false, forgetsPages: false },
): Promise<TableRoute[]> {
  const routes: TableRoute[] = [];
  for (const entry of entries) {
    const module = await import(path.resolve("app", entry.file));
    const middleware = module.middleware ?? [];
    const guarded = parent.guarded || middleware.includes(adminGuard);
    const forgetsPages = parent.forgetsPages || middleware.includes(forgetPagesAfterAdminWrites);
    const fullPath = [parentPath, entry.path].filter(Boolean).join("/");
    routes.push({ id: routeId(entry), path: fullPath, guarded, forgetsPages, hasAction: Boolean(module.action) });
    routes.push(...(await walk(entry.children ?? [], fullPath, { guarded, forgetsPages })));
  }
  return routes;
}

async function adminRoutes(): Promise<TableRoute[]> {
  return (await walk(routeTable)).filter((route) => route.path === "admin" || route.path.startsWith("admin/"));
}

/** A concrete URL for a route path: every `:param` becomes an id that names no record. */
function urlOf(routePath: string): string {
  return `/${routePath.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000")}`;
}

describe("the admin route table", () => {
  useTestDatabase("pglite");

  it("puts every admin route but signing in and out under the admin guard", async () => {
    const routes = await adminRoutes();
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining([...OPEN, "admin", "admin/services"]));
    const unguarded = routes.filter((route) => !route.guarded && !OPEN.includes(route.path));
    expect(unguarded).toEqual([]);
    expect(routes.filter((route) => OPEN.includes(route.path) && route.guarded)).toEqual([]);
  });

  it("makes every admin write forget the cached public pages (app/middleware/page-cache.server.ts)", async () => {
    const writes = (await adminRoutes()).filter((route) => route.hasAction && !OPEN.includes(route.path));
    expect(writes.map((route) => route.path)).toEqual(expect.arrayContaining(["admin/services/new", "admin/settings"]));
    expect(writes.filter((route) => !route.forgetsPages).map((route) => route.path)).toEqual([]);
  });

  it("sends every admin URL but signing in and out to the login page without a session, GET and POST", async () => {
    const closed = (await adminRoutes()).filter((route) => !OPEN.includes(route.path));
    expect(closed.length).toBeGreaterThan(15);
    for (const route of closed) {
      const url = urlOf(route.path);
      const page = await send(getRequest(url));
      expect({ url, status: page.status, location: page.location }).toEqual({
        url,
        status: 302,
        // The page to come back to after signing in; the dashboard is where signing in leads anyway.
        location: url === "/admin" ? "/admin/login" : `/admin/login?redirectTo=${encodeURIComponent(url)}`,
      });
      for (const javaScript of [false, true]) {
        const post = await send(postRequest(url, { intent: "delete" }), { javaScript });
        expect({ url, javaScript, status: post.status, location: post.location }).toEqual({
          url,
          javaScript,
          status: 302,
          location: "/admin/login",
        });
      }
    }
  });

  it("refuses every admin URL, GET and POST, to an expired, logged-out, deactivated or forged session, changing and showing nothing", async () => {
    const closed = (await adminRoutes()).filter((route) => !OPEN.includes(route.path));
    const expired = await sessionFor(await createTestAdmin(db(), { role: "super_admin" }));
    const loggedOut = await sessionFor(await createTestAdmin(db(), { role: "super_admin" }));
    await send(postRequest("/admin/logout", {}, loggedOut));
    const deactivatedAdmin = await createTestAdmin(db(), { role: "super_admin" });
    const deactivated = await sessionFor(deactivatedAdmin);
    await updateAdminUser(deactivatedAdmin.id, { ...deactivatedAdmin, isActive: false });
    // A well-formed cookie with a token the server never issued, and one signed with another secret.
    const forged = [
      `__session=${encodeURIComponent('"forged-token"')}`,
      `${expired.split(".")[0]}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    ];
    const sessions = { expired, loggedOut, deactivated, forgedToken: forged[0], forgedSignature: forged[1] };
    const before = await databaseFingerprint();
    let sent = 0;
    let refused = 0;
    const maxAgeMs = getEnv().SESSION_MAX_AGE_HOURS * 60 * 60 * 1000;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      for (const [kind, cookie] of Object.entries(sessions)) {
        if (kind === "expired") vi.setSystemTime(Date.now() + maxAgeMs + 60_000);
        for (const route of closed) {
          const url = urlOf(route.path);
          for (const answer of [
            await send(getRequest(url, cookie)),
            await send(postRequest(url, { intent: "delete", companyName: "Owned" }, cookie)),
            await send(postRequest(url, { intent: "delete", companyName: "Owned" }, cookie), { javaScript: true }),
          ]) {
            sent++;
            expect({ kind, url, status: answer.status, location: answer.location?.split("?")[0] }).toEqual({
              kind,
              url,
              status: 302,
              location: "/admin/login",
            });
            expect(answer.loaderData ?? {}).toEqual({});
            refused++;
          }
        }
        if (kind === "expired") vi.setSystemTime(Date.now() - maxAgeMs - 60_000);
      }
    } finally {
      vi.useRealTimers();
    }
    expect(await databaseFingerprint()).toBe(before);
    console.log(`access: ${sent} requests sent with no valid session, ${refused} refused, ${sent - refused} executed`);
  });

  it("refuses a plain admin every super-admin page and action", async () => {
    const cookie = await sessionFor(await createTestAdmin(db(), { role: "admin" }));
    const superOnly = (await adminRoutes()).filter((route) => SUPER_ADMIN_ONLY.test(route.path));
    expect(superOnly.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        "admin/admins",
        "admin/admins/new",
        "admin/integrations",
        "admin/personal-data",
        "admin/personal-data/export.json",
      ]),
    );
    const before = await databaseFingerprint();
    let sent = 0;
    for (const route of superOnly) {
      const url = urlOf(route.path);
      const fields = {
        intent: "delete",
        username: "intruder",
        email: "i@example.com",
        role: "super_admin",
        password: "intruder-password-1",
        customJs: "alert(1)",
      };
      const page = await send(getRequest(url, cookie));
      const post = await send(postRequest(url, fields, cookie));
      sent += 2;
      expect({ url, status: page.status }).toEqual({ url, status: 403 });
      // A route without an action (a file download) refuses every POST, whoever sends it.
      expect({ url, status: post.status }).toEqual({ url, status: route.hasAction ? 403 : 405 });
    }
    expect(await databaseFingerprint()).toBe(before);
    console.log(`access: ${sent} super-admin requests from a plain admin, ${sent} refused, 0 executed`);
  });

  it("leaves signing in and out open: the login page shows, and signing out leads to it", async () => {
    const login = await send(getRequest("/admin/login"));
    expect(login.status).toBe(200);
    expect(login.loaderData).toHaveProperty("routes/admin/login");
    const logout = await send(postRequest("/admin/logout", {}));
    expect([logout.status, logout.location]).toEqual([302, "/admin/login"]);
    expect(logout.headers.get("Set-Cookie")).toMatch(/^__session=;/);
    const back = await send(getRequest("/admin/logout"));
    expect([back.status, back.location]).toEqual([302, "/admin"]);
  });
});
