import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { adminGuard } from "~/middleware/admin-guard.server";
import routeTable from "~/routes";
import { getRequest, postRequest, routeId, send } from "../support/route-args";
import { useTestDatabase } from "../support/test-database";

// Every admin route is guarded, proven on the route table itself (app/routes.ts), so that a route
// added later cannot be forgotten: each sits under a route whose middleware holds the admin guard,
// and a request without a session to each of them, GET or POST, ends at the login page.

// Signing in, and signing out (which changes nothing but the visitor's own cookie).
const OPEN = ["admin/login", "admin/logout"];

type TableRoute = { id: string; path: string; guarded: boolean };

async function walk(entries: RouteConfigEntry[], parentPath = "", parentGuarded = false): Promise<TableRoute[]> {
  const routes: TableRoute[] = [];
  for (const entry of entries) {
    const module = await import(path.resolve("app", entry.file));
    const guarded = parentGuarded || (module.middleware ?? []).includes(adminGuard);
    const fullPath = [parentPath, entry.path].filter(Boolean).join("/");
    routes.push({ id: routeId(entry), path: fullPath, guarded });
    routes.push(...(await walk(entry.children ?? [], fullPath, guarded)));
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
