import { createTestAdmin, type TestAdmin } from "../support/factories";
import { productText } from "../support/product-text";
import { deleteTestAdmin } from "./admin-helpers";
import { ADMIN, expect, test, unique } from "./fixtures";

async function fillLogin(page: import("@playwright/test").Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a wrong password is refused with the spec's message and the username kept", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await fillLogin(page, ADMIN.username, "not-the-password");
  await expect(page.getByText("Invalid username or password").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByLabel("Username")).toHaveValue(ADMIN.username);
  // The page rendered by the server never echoes the password back.
  if (!javaScriptEnabled) await expect(page.getByLabel("Password")).toHaveValue("");
});

test("the login failure says each text once: the toast's title, the form's reason", async ({ page }) => {
  await page.goto("/admin/login");
  await fillLogin(page, unique("nobody"), "whatever-password");
  const toast = page.locator("[data-toast]");
  await expect(toast).toHaveText(productText("Login failed"));
  await expect(page.getByText(productText("Invalid username or password"))).toHaveCount(1);
  await expect(page.locator("form").getByText(productText("Invalid username or password"))).toBeVisible();
});

test("an unknown username and a wrong password get the same answer", async ({ page, javaScriptEnabled }) => {
  const answers = [];
  for (const username of [ADMIN.username, unique("nobody")]) {
    // Each answer on its own: the first one's toast cookie would show on the second page.
    await page.context().clearCookies();
    await page.goto("/admin/login");
    const posted = page.waitForResponse((r) => r.request().method() === "POST");
    await fillLogin(page, username, "wrong-password");
    const response = await posted;
    const toast = page.getByRole("alert").filter({ hasText: "Login failed" });
    await expect(toast).toBeVisible();
    await expect(page.locator("form").getByText("Invalid username or password")).toBeVisible();
    answers.push({
      status: response.status(),
      url: page.url(),
      toast: await toast.innerText(),
      page: (await page.locator("body").innerText()).replaceAll(username, "USERNAME"),
      usernameKept: (await page.getByLabel("Username").inputValue()) === username,
      passwordKept: await page.getByLabel("Password").inputValue(),
      cookies: (await page.context().cookies()).map((cookie) => cookie.name).sort(),
    });
  }
  expect(answers[1]).toEqual(answers[0]);
  // The toast's flash cookie is deleted once the page has shown it.
  expect(answers[0]).toMatchObject({ status: 401, usernameKept: true, cookies: [] });
  expect(new URL(answers[0].url).pathname).toBe("/admin/login");
  // The page rendered by the server never echoes the password back; a browser keeps what was typed.
  expect(answers[0].passwordKept).toBe(javaScriptEnabled ? "wrong-password" : "");
});

test("signing in shows the dashboard with the welcome line and the success toast", async ({ page, sql }) => {
  await page.goto("/admin/login");
  const before = new Date();
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page.getByText("Welcome to the admin panel!")).toBeVisible();
  await expect(page.getByText(`Welcome, ${ADMIN.username}`).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const [row] = await sql`select last_login from admin_users where lower(username) = lower(${ADMIN.username})`;
  expect(row.last_login.getTime()).toBeGreaterThanOrEqual(before.getTime() - 5000);
});

test("guarded pages send visitors to the login, and back after signing in", async ({ page }) => {
  await page.goto("/admin/orders?status=paid");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/orders\?status=paid$/);
});

test("a signed-in admin opening the login page goes to the panel", async ({ page, login }) => {
  await login();
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin$/);
});

test("logout clears the session and goes to the login page", async ({ page, login }) => {
  await login();
  await page.goto("/admin");
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto("/admin/services");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("Back to Website leaves the admin layout for the public site", async ({ page, login }) => {
  await login();
  await page.goto("/admin");
  await page.getByRole("link", { name: "Back to Website" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(`Welcome, ${ADMIN.username}`)).toHaveCount(0);
});

test.describe("with a second admin", () => {
  let other: TestAdmin | undefined;
  test.afterEach(async ({ db }) => deleteTestAdmin(db, other));

  test("a deactivated admin is signed out at the next request", async ({ page, sql, login, db }) => {
    other = await createTestAdmin(db);
    await login(other);
    await page.goto("/admin");
    await expect(page.getByText(`Welcome, ${other.username}`).first()).toBeVisible();
    await sql`update admin_users set is_active = false where id = ${other.id}`;
    await page.goto("/admin/services");
    await expect(page).toHaveURL(/\/admin\/login/);
    await fillLogin(page, other.username, other.password);
    await expect(page.getByText("Invalid username or password").first()).toBeVisible();
  });

  test("a deleted admin is signed out at the next request", async ({ page, sql, login, db }) => {
    other = await createTestAdmin(db);
    await login(other);
    await sql`delete from admin_users where id = ${other.id}`;
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test("an admin (not super admin) cannot reach admin users or integrations", async ({ page, sql, login, db }) => {
    other = await createTestAdmin(db, { role: "admin" });
    await login(other);
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Admin" }).first();
    await expect(nav.getByRole("link", { name: "Services" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Admin Users" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Integrations" })).toHaveCount(0);
    for (const path of ["/admin/admins", "/admin/admins/new", "/admin/integrations"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    }
    const username = unique("sneaky").replace(/\s+/g, "-");
    const create = await page.request.post("/admin/admins/new", {
      form: {
        username,
        email: "sneaky@example.com",
        role: "super_admin",
        password: "sneaky-password-1",
        isActive: "on",
      },
      maxRedirects: 0,
    });
    expect(create.status()).toBe(403);
    const save = await page.request.post("/admin/integrations", {
      form: { airtableBaseId: "stolen" },
      maxRedirects: 0,
    });
    expect(save.status()).toBe(403);
    expect(await sql`select 1 from admin_users where username = ${username}`).toHaveLength(0);
    const [integrations] = await sql`select airtable_base_id from integrations`;
    expect(integrations?.airtable_base_id).not.toBe("stolen");
  });
});

test("sign-in attempts are limited per username and address", async ({ page }) => {
  // A username of its own: the limit must never lock out the seeded admin other tests use.
  const username = unique("limited").replace(/\s+/g, "-");
  for (let i = 0; i < 5; i++) {
    const response = await page.request.post("/admin/login", {
      form: { username, password: `wrong-${i}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(401);
  }
  await page.goto("/admin/login");
  await fillLogin(page, username, "another-guess");
  // The spec's toast title, with or without JavaScript, and the wait in the form's own message.
  await expect(page.getByRole("alert").filter({ hasText: "Too many sign-in attempts" })).toBeVisible();
  await expect(page.getByText(/Please wait \d+ minutes? and try again\./)).toHaveCount(1);
  await expect(page.locator("form").getByText(/Please wait \d+ minutes? and try again\./)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
