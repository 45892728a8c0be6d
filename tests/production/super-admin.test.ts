import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adminUsers, integrations } from "~/db/schema";

import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { createTestAdmin, unique } from "../support/factories";
import { type HttpVisitor, toastOn, visibleText } from "../support/http-visitor";
import { productText } from "../support/product-text";

// Admin users and integrations are for super admins only, and the panel always keeps an active
// super admin (app/models/admin-users.server.ts). Checked through the built server's routes, as
// a browser without JavaScript posts the forms.

const FORBIDDEN = "Only super admins can open this page.";

let app: AppUnderTest;
beforeAll(async () => {
  app = await startAppUnderTest();
});
afterAll(() => app?.stop());

/** Everything a refused request could have changed. */
async function superAdminData() {
  return {
    admins: await app.db.select().from(adminUsers).orderBy(adminUsers.id),
    integrations: await app.db.select().from(integrations),
  };
}

function adminFields(overrides: Record<string, string> = {}) {
  const username = unique("new").replace(" ", "-");
  return { username, email: `${username}@example.com`, role: "super_admin", isActive: "on", ...overrides };
}

describe("a plain admin", () => {
  let plain: Awaited<ReturnType<typeof createTestAdmin>>;
  let superAdmin: Awaited<ReturnType<typeof createTestAdmin>>;
  let visitor: HttpVisitor;
  beforeAll(async () => {
    plain = await createTestAdmin(app.db);
    superAdmin = await createTestAdmin(app.db, { role: "super_admin" });
    visitor = await app.signedIn(plain);
  });

  it.each<[string, () => string]>([
    ["/admin/admins", () => "/admin/admins"],
    ["/admin/admins/new", () => "/admin/admins/new"],
    ["another admin's edit form", () => `/admin/admins/${superAdmin.id}/edit`],
    ["their own edit form", () => `/admin/admins/${plain.id}/edit`],
    ["/admin/integrations", () => "/admin/integrations"],
  ])("cannot open %s", async (_, path) => {
    const answer = await visitor.get(path());
    expect(answer.status).toBe(403);
    expect(visibleText(answer.html)).toContain(FORBIDDEN);
  });

  const posts: [string, () => [string, Record<string, string>]][] = [
    ["create an admin user", () => ["/admin/admins/new", { ...adminFields(), password: "a-new-password-1" }]],
    ["edit another admin user", () => [`/admin/admins/${superAdmin.id}/edit`, adminFields({ role: "admin" })]],
    [
      "make themselves a super admin",
      () => [
        `/admin/admins/${plain.id}/edit`,
        { username: plain.username, email: plain.email, role: "super_admin", isActive: "on" },
      ],
    ],
    ["delete an admin user", () => ["/admin/admins", { intent: "delete", adminId: superAdmin.id }]],
    [
      "save the integrations",
      () => ["/admin/integrations", { stripeSecretKey: "sk_live_stolen", customJs: "alert(1)" }],
    ],
  ];

  it.each(posts)("cannot %s: 403 and nothing changes", async (_, request) => {
    const [path, fields] = request();
    const before = await superAdminData();
    const answer = await visitor.post(path, fields);
    expect(answer.status).toBe(403);
    expect(visibleText(answer.html)).toContain(FORBIDDEN);
    expect(await superAdminData()).toEqual(before);
  });

  it("still uses the rest of the panel", async () => {
    expect((await visitor.get("/admin/services")).status).toBe(200);
  });
});

describe("a super admin", () => {
  it("can do each of those, so the refusals above are the role's doing", async () => {
    const actor = await createTestAdmin(app.db, { role: "super_admin" });
    const other = await createTestAdmin(app.db);
    const visitor = await app.signedIn(actor);
    for (const path of [
      "/admin/admins",
      "/admin/admins/new",
      `/admin/admins/${other.id}/edit`,
      "/admin/integrations",
    ]) {
      expect((await visitor.get(path)).status, path).toBe(200);
    }
    const created = adminFields({ role: "admin" });
    const create = await visitor.submit("/admin/admins/new", { ...created, password: "a-new-password-1" });
    expect(toastOn(create.html)?.message).toBe(productText("Admin user created successfully!"));
    const [row] = await app.db.select().from(adminUsers).where(eq(adminUsers.username, created.username));
    expect(row).toMatchObject({ role: "admin", isActive: true });

    const edit = await visitor.submit(`/admin/admins/${other.id}/edit`, {
      username: other.username,
      email: other.email,
      role: "super_admin",
      isActive: "on",
    });
    expect(toastOn(edit.html)?.message).toBe(productText("Admin user updated successfully!"));
    expect((await app.db.select().from(adminUsers).where(eq(adminUsers.id, other.id)))[0].role).toBe("super_admin");

    const remove = await visitor.submit("/admin/admins", { intent: "delete", adminId: row.id });
    expect(toastOn(remove.html)?.message).toBe(productText("Admin user deleted successfully!"));
    expect(await app.db.select().from(adminUsers).where(eq(adminUsers.id, row.id))).toEqual([]);

    const key = unique("pk_test");
    const save = await visitor.submit("/admin/integrations", { stripePublishableKey: key });
    expect(toastOn(save.html)?.message).toBe(productText("Integrations updated successfully!"));
    expect((await app.db.select().from(integrations))[0].stripePublishableKey).toBe(key);
  });
});

describe("the last active super admin", () => {
  /** A super admin who, once the others are deactivated, is the only active one. */
  async function loneSuperAdmin() {
    const actor = await createTestAdmin(app.db, { role: "super_admin" });
    await app.db
      .update(adminUsers)
      .set({ isActive: false })
      .where(and(eq(adminUsers.role, "super_admin"), ne(adminUsers.id, actor.id)));
    return { actor, visitor: await app.signedIn(actor) };
  }

  async function stored(id: string) {
    const [row] = await app.db.select().from(adminUsers).where(eq(adminUsers.id, id));
    return row;
  }

  const selfFields = (actor: { username: string; email: string }, fields: Record<string, string>) => ({
    username: actor.username,
    email: actor.email,
    ...fields,
  });

  it("cannot demote themselves", async () => {
    const { actor, visitor } = await loneSuperAdmin();
    const answer = await visitor.post(
      `/admin/admins/${actor.id}/edit`,
      selfFields(actor, { role: "admin", isActive: "on" }),
    );
    expect(answer.status).toBe(400);
    // The reason shows once, above the form's buttons; the toast names what failed.
    expect(toastOn(answer.html)).toEqual({ type: "error", message: productText("Error updating admin user") });
    expect(
      visibleText(answer.html).split("The last active super admin cannot be deactivated or demoted.").length - 1,
    ).toBe(1);
    expect(await stored(actor.id)).toMatchObject({ role: "super_admin", isActive: true });
  });

  it("cannot deactivate themselves, whoever else is a super admin", async () => {
    const actor = await createTestAdmin(app.db, { role: "super_admin" });
    await createTestAdmin(app.db, { role: "super_admin" });
    const visitor = await app.signedIn(actor);
    const answer = await visitor.post(`/admin/admins/${actor.id}/edit`, selfFields(actor, { role: "super_admin" }));
    expect(answer.status).toBe(400);
    // The reason shows once, above the form's buttons; the toast names what failed.
    expect(toastOn(answer.html)).toEqual({ type: "error", message: productText("Error updating admin user") });
    expect(visibleText(answer.html).split("You cannot deactivate your own account.").length - 1).toBe(1);
    expect(await stored(actor.id)).toMatchObject({ role: "super_admin", isActive: true });
  });

  it("cannot delete themselves", async () => {
    const { actor, visitor } = await loneSuperAdmin();
    const answer = await visitor.submit("/admin/admins", { intent: "delete", adminId: actor.id });
    expect(answer.posted.location).toBe("/admin/admins");
    expect(await stored(actor.id)).toMatchObject({ role: "super_admin", isActive: true });
    expect(toastOn(answer.html)).toEqual({
      type: "error",
      message: productText("Error deleting admin user"),
      description: "You cannot delete your own account.",
    });
  });

  it("may step down once another super admin is active, and leaves the super-admin screens", async () => {
    const actor = await createTestAdmin(app.db, { role: "super_admin" });
    const visitor = await app.signedIn(actor);
    const answer = await visitor.submit(
      `/admin/admins/${actor.id}/edit`,
      selfFields(actor, { role: "admin", isActive: "on" }),
    );
    expect(answer.posted.location).toBe("/admin");
    expect(toastOn(answer.html)?.message).toBe(productText("Admin user updated successfully!"));
    expect(await stored(actor.id)).toMatchObject({ role: "admin", isActive: true });
    expect((await visitor.get("/admin/admins")).status).toBe(403);
  });

  it("may deactivate and delete another super admin while they stay active", async () => {
    const { actor, visitor } = await loneSuperAdmin();
    const other = await createTestAdmin(app.db, { role: "super_admin" });
    const deactivate = await visitor.submit(
      `/admin/admins/${other.id}/edit`,
      selfFields(other, { role: "super_admin" }),
    );
    expect(toastOn(deactivate.html)?.message).toBe(productText("Admin user updated successfully!"));
    expect(await stored(other.id)).toMatchObject({ isActive: false });
    const remove = await visitor.submit("/admin/admins", { intent: "delete", adminId: other.id });
    expect(toastOn(remove.html)?.message).toBe(productText("Admin user deleted successfully!"));
    expect(await stored(other.id)).toBeUndefined();
    expect(await stored(actor.id)).toMatchObject({ role: "super_admin", isActive: true });
  });
});
