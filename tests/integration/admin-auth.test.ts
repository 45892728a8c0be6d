import { describe, expect, it } from "vitest";
import { requireAdmin, requireSuperAdmin, safeRedirectTo } from "~/lib/auth.server";
import { createAdminUser, getAdminUser, updateAdminUser } from "~/models/admin-users.server";
import * as account from "~/routes/admin/account";
import * as login from "~/routes/admin/login";
import * as logout from "~/routes/admin/logout";
import { cookiesFrom, getRequest, postRequest, routeArgs, settle, statusOf } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

const PASSWORD = "correct horse battery";

async function newAdmin(role: "admin" | "super_admin" = "admin") {
  const username = uniqueName("admin").replace(" ", "_");
  return createAdminUser({ username, email: `${username}@example.com`, role, isActive: true, password: PASSWORD });
}

async function signIn(username: string, password = PASSWORD, ip = "127.0.0.1", redirectTo = "") {
  return settle(() =>
    login.action(routeArgs(postRequest("/admin/login", { username, password, redirectTo }), { ip })),
  );
}

/** The session cookie after a successful sign-in. */
async function sessionCookie(username: string): Promise<string> {
  const response = await signIn(username);
  expect(statusOf(response)).toBe(302);
  return cookiesFrom(response as Response);
}

describe.each(BACKENDS)("admin sign-in and sessions on %s", (backend) => {
  useTestDatabase(backend);

  it("signs in an active admin, sets a hardened session cookie and records last_login", async () => {
    const admin = await newAdmin();
    const response = (await signIn(admin.username.toUpperCase())) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const session = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Max-Age=43200/);
    expect((await getAdminUser(admin.id))?.lastLogin).toBeInstanceOf(Date);
    const signedIn = await requireAdmin(getRequest("/admin", cookiesFrom(response)));
    expect(signedIn.id).toBe(admin.id);
  });

  it("goes back to the guarded page that sent the admin to the login", async () => {
    const admin = await newAdmin();
    const response = (await signIn(admin.username, PASSWORD, "127.0.0.1", "/admin/orders?status=paid")) as Response;
    expect(response.headers.get("Location")).toBe("/admin/orders?status=paid");
  });

  it("answers a wrong password, an unknown username and an inactive admin alike", async () => {
    const admin = await newAdmin();
    const inactive = await newAdmin();
    await updateAdminUser(inactive.id, { ...inactive, isActive: false });
    for (const [username, password] of [
      [admin.username, "wrong password"],
      [uniqueName("nobody"), PASSWORD],
      [inactive.username, PASSWORD],
    ]) {
      const result = await signIn(username, password);
      expect(statusOf(result)).toBe(401);
      expect(result).not.toBeInstanceOf(Response);
      expect((result as { init: ResponseInit }).init.headers).toBeDefined();
    }
    expect((await getAdminUser(admin.id))?.lastLogin).toBeNull();
  });

  it("spends about as long on an unknown username as on a wrong password", async () => {
    const admin = await newAdmin();
    const unknown = uniqueName("nobody");
    await signIn(unknown, "warm-up", "10.2.0.1");
    const timings: Record<"unknown" | "wrong", number[]> = { unknown: [], wrong: [] };
    for (let i = 0; i < 4; i++) {
      for (const kind of ["unknown", "wrong"] as const) {
        const started = performance.now();
        const result = await signIn(kind === "unknown" ? unknown : admin.username, `wrong-${i}`, `10.2.${i}.2`);
        timings[kind].push(performance.now() - started);
        expect(statusOf(result)).toBe(401);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    // Both run one argon2 verification (tens of milliseconds); without the dummy hash an unknown
    // username would answer in a millisecond or two.
    expect(median(timings.unknown)).toBeGreaterThan(median(timings.wrong) * 0.5);
  });

  it("refuses empty fields with field errors and keeps the username", async () => {
    const result = (await signIn("  ", "")) as { data: { result: { error: Record<string, string[]> } } };
    expect(statusOf(result)).toBe(400);
    expect(result.data.result.error).toMatchObject({ username: ["Username is required"], password: ["Password is required"] });
  });

  it("limits failed sign-ins per username and address, even with the right password", async () => {
    const admin = await newAdmin();
    for (let i = 0; i < 5; i++) expect(statusOf(await signIn(admin.username, "wrong", "10.1.1.1"))).toBe(401);
    expect(statusOf(await signIn(admin.username, PASSWORD, "10.1.1.1"))).toBe(429);
    // Another address is not affected.
    expect(statusOf(await signIn(admin.username, PASSWORD, "10.1.1.2"))).toBe(302);
  });

  it("sends signed-in admins from the login page to the panel", async () => {
    const admin = await newAdmin();
    const cookie = await sessionCookie(admin.username);
    const response = await settle(() => login.loader(routeArgs(getRequest("/admin/login", cookie))));
    expect((response as Response).headers.get("Location")).toBe("/admin");
  });

  it("redirects requests without a session to the login page, remembering the page", async () => {
    const response = await settle(() => requireAdmin(getRequest("/admin/orders?status=paid")));
    expect((response as Response).headers.get("Location")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Forders%3Fstatus%3Dpaid",
    );
    const forged = await settle(() => requireAdmin(getRequest("/admin", "__session=forged")));
    expect((forged as Response).headers.get("Location")).toBe("/admin/login");
  });

  it("signs out a deactivated or deleted admin at the next request", async () => {
    const admin = await newAdmin();
    const cookie = await sessionCookie(admin.username);
    await updateAdminUser(admin.id, { ...admin, isActive: false });
    const response = (await settle(() => requireAdmin(getRequest("/admin/services", cookie)))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("keeps admin users and integrations to super admins", async () => {
    const admin = await newAdmin("admin");
    const superAdmin = await newAdmin("super_admin");
    const adminCookie = await sessionCookie(admin.username);
    const forbidden = await settle(() => requireSuperAdmin(getRequest("/admin/admins", adminCookie)));
    expect(statusOf(forbidden)).toBe(403);
    const allowed = await requireSuperAdmin(getRequest("/admin/admins", await sessionCookie(superAdmin.username)));
    expect(allowed.id).toBe(superAdmin.id);
  });

  it("logs out: the session cookie is cleared and the login page follows", async () => {
    const admin = await newAdmin();
    const cookie = await sessionCookie(admin.username);
    const response = await logout.action(routeArgs(postRequest("/admin/logout", {}, cookie)));
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=;/);
  });

  it("changes the admin's own password and ends their other sessions", async () => {
    const admin = await newAdmin();
    const current = await sessionCookie(admin.username);
    const other = await sessionCookie(admin.username);
    const wrong = await account.action(
      routeArgs(
        postRequest(
          "/admin/account",
          { currentPassword: "not it", newPassword: "a brand new password", confirmPassword: "a brand new password" },
          current,
        ),
      ),
    );
    expect(statusOf(wrong)).toBe(400);
    const changed = (await account.action(
      routeArgs(
        postRequest(
          "/admin/account",
          { currentPassword: PASSWORD, newPassword: "a brand new password", confirmPassword: "a brand new password" },
          current,
        ),
      ),
    )) as Response;
    expect(changed.status).toBe(302);
    const refreshed = cookiesFrom(changed);
    expect((await requireAdmin(getRequest("/admin", refreshed))).id).toBe(admin.id);
    expect(statusOf(await settle(() => requireAdmin(getRequest("/admin", other))))).toBe(302);
    expect(statusOf(await signIn(admin.username, "a brand new password"))).toBe(302);
  });
});

describe("safeRedirectTo", () => {
  it.each([
    ["/admin/orders", "/admin/orders"],
    ["/admin?x=1", "/admin?x=1"],
    ["/admin", "/admin"],
    ["/administrator", "/admin"],
    ["//evil.example/admin", "/admin"],
    ["https://evil.example/admin", "/admin"],
    ["/admin/login", "/admin"],
    ["", "/admin"],
    [null, "/admin"],
  ])("%s → %s", (value, expected) => {
    expect(safeRedirectTo(value)).toBe(expected);
  });
});
