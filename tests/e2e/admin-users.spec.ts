import { createTestAdmin, type TestAdmin } from "../support/factories";
import { deleteTestAdmin, deleteTrigger, expectFormOpened, openAdmin } from "./admin-helpers";
import { ADMIN, expect, test, unique } from "./fixtures";

const username = () => unique("e2e-user").replace(/\s+/g, "-");

test.describe("as the seeded super admin", () => {
  test.beforeEach(async ({ login }) => login());

  test("creates an admin user who can then sign in", async ({ page, sql }) => {
    const name = username();
    try {
      await openAdmin(page, "/admin/admins");
      await expect(page.getByRole("heading", { name: "Admin Users" })).toBeVisible();
      await page.getByRole("link", { name: "Add Admin User" }).click();
      await expect(page).toHaveURL(/\/admin\/admins\/new$/);
      await expectFormOpened(page, "Create New Admin User");
      // The spec's defaults: role admin, active on.
      await expect(page.getByLabel("Role")).toHaveValue("admin");
      await expect(page.getByRole("switch", { name: "Active" })).toBeChecked();

      await page.getByLabel("Username").fill(name);
      await page.getByLabel("Email").fill(`${name}@example.com`);
      await page.getByLabel("Password").fill("a-long-password-1");
      await page.getByRole("button", { name: "Create User" }).click();

      await expect(page.getByText("Admin user created successfully!")).toBeVisible();
      const card = page.getByRole("listitem", { name });
      await expect(card.getByText("ADMIN", { exact: true })).toBeVisible();
      await expect(card.getByText("Active", { exact: true })).toBeVisible();
      await expect(card.getByText("Never")).toBeVisible();
      const [stored] = await sql`select role, is_active, password_hash from admin_users where username = ${name}`;
      expect(stored).toMatchObject({ role: "admin", is_active: true });
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);

      const signIn = await page.request.post("/admin/login", {
        form: { username: name, password: "a-long-password-1" },
        maxRedirects: 0,
      });
      expect(signIn.status()).toBe(302);
    } finally {
      await sql`delete from admin_users where username = ${name}`;
    }
  });

  test("an admin user form with errors keeps what was typed and saves nothing", async ({ page, sql }) => {
    const email = `${username()}@example.com`;
    await openAdmin(page, "/admin/admins/new");
    await page.getByLabel("Username").fill("has spaces!");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("Username may contain letters, digits and . _ @ - only")).toBeVisible();
    await expect(page.getByText("Password must be at least 10 characters")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    expect(await sql`select 1 from admin_users where email = ${email}`).toHaveLength(0);
  });

  test("a taken username is refused with the spec's error toast", async ({ page, sql }) => {
    const email = `${username()}@example.com`;
    await openAdmin(page, "/admin/admins/new");
    await page.getByLabel("Username").fill(ADMIN.username.toUpperCase());
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a-long-password-1");
    await page.getByRole("button", { name: "Create User" }).click();
    await expect(page.getByText("Error creating admin user")).toBeVisible();
    await expect(page.getByText("is already taken").first()).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    expect(await sql`select 1 from admin_users where email = ${email}`).toHaveLength(0);
  });

  test.describe("with another admin", () => {
    let other: TestAdmin | undefined;
    test.afterEach(async ({ db }) => deleteTestAdmin(db, other));

    test("edits an admin user's email and role (no password field)", async ({ page, sql, db }) => {
      other = await createTestAdmin(db, { role: "admin" });
      await openAdmin(page, "/admin/admins");
      await page.getByRole("link", { name: `Edit ${other.username}` }).click();
      await expectFormOpened(page, "Edit Admin User");
      await expect(page.getByLabel("Username")).toHaveValue(other.username);
      await expect(page.getByLabel("Password")).toHaveCount(0);
      await page.getByLabel("Email").fill(`changed-${other.username}@example.com`);
      await page.getByLabel("Role").selectOption("super_admin");
      await page.getByRole("button", { name: "Update User" }).click();

      await expect(page.getByText("Admin user updated successfully!")).toBeVisible();
      await expect(page.getByRole("listitem", { name: other.username }).getByText("SUPER ADMIN")).toBeVisible();
      const [stored] = await sql`select email, role from admin_users where id = ${other.id}`;
      expect(stored).toEqual({ email: `changed-${other.username}@example.com`, role: "super_admin" });
    });

    test("deletes an admin user after confirmation", async ({ page, sql, db }) => {
      other = await createTestAdmin(db);
      await openAdmin(page, "/admin/admins");
      await deleteTrigger(page, `Delete ${other.username}`).click();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("Admin user deleted successfully!")).toBeVisible();
      await expect(page.getByRole("listitem", { name: other.username })).toHaveCount(0);
      expect(await sql`select 1 from admin_users where id = ${other.id}`).toHaveLength(0);
    });
  });
});

test.describe("an admin's own account", () => {
  let self: TestAdmin | undefined;
  test.afterEach(async ({ db }) => deleteTestAdmin(db, self));

  test("cannot be deleted or deactivated by its owner", async ({ page, sql, login, db }) => {
    self = await createTestAdmin(db, { role: "super_admin" });
    await login(self);
    await openAdmin(page, "/admin/admins");
    const card = page.getByRole("listitem", { name: self.username });
    await expect(card.getByText("(you)")).toBeVisible();
    await expect(deleteTrigger(page, `Delete ${self.username}`)).toHaveCount(0);

    await card.getByRole("link", { name: `Edit ${self.username}` }).click();
    await page.getByRole("switch", { name: "Active" }).uncheck();
    await page.getByRole("button", { name: "Update User" }).click();
    await expect(page.getByText("Error updating admin user")).toBeVisible();
    await expect(page.getByText("You cannot deactivate your own account.").first()).toBeVisible();
    expect((await sql`select is_active from admin_users where id = ${self.id}`)[0].is_active).toBe(true);

    // A forged delete of oneself is refused too.
    const response = await page.request.post("/admin/admins", {
      form: { intent: "delete", adminId: self.id },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(await sql`select 1 from admin_users where id = ${self.id}`).toHaveLength(1);
  });

  test("changes its own password", async ({ page, login, db }) => {
    self = await createTestAdmin(db);
    await login(self);
    await openAdmin(page, "/admin/account");
    await page.getByLabel("Current password").fill(self.password);
    await page.getByLabel("New password", { exact: true }).fill("a-new-password-456");
    await page.getByLabel("Repeat new password").fill("a-new-password-456");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed successfully!")).toBeVisible();
    const oldPassword = await page.request.post("/admin/login", {
      form: { username: self.username, password: self.password },
      maxRedirects: 0,
    });
    expect(oldPassword.status()).toBe(302); // still signed in: the login page sends us to the panel
    await page.context().clearCookies();
    const refused = await page.request.post("/admin/login", {
      form: { username: self.username, password: self.password },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(401);
    const accepted = await page.request.post("/admin/login", {
      form: { username: self.username, password: "a-new-password-456" },
      maxRedirects: 0,
    });
    expect(accepted.status()).toBe(302);
  });
});
