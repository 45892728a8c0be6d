import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type AppDatabase, openDatabase } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { verifyPassword } from "~/lib/password.server";

import { runCommand } from "../support/built-server";
import { createTestAdmin, unique } from "../support/factories";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import { POSTGRES_TEMPLATE_DB } from "../support/vitest-global-setup";

// `npm run admin -- ...` (scripts/admin.js on the built server bundle), as an operator runs it
// in a shell: on PostgreSQL through DATABASE_URL, and on the embedded database in DATA_DIR.

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-admin-command-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("npm run admin on PostgreSQL", () => {
  let database: AppDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    const databaseUrl = postgresUrl(await createPostgresDatabase({ template: POSTGRES_TEMPLATE_DB }));
    database = await openDatabase({ databaseUrl, maxConnections: 1 });
    env = { DATABASE_URL: databaseUrl, DATA_DIR: tempDir() };
  });
  afterAll(() => database?.close());

  const admin = (...args: string[]) => runCommand(["npm", "run", "--silent", "admin", "--", ...args], env);
  /** The command with `password` piped in, as `printf '%s\n' "$PASSWORD" | npm run admin -- --password-stdin ...`. */
  const adminWithPassword = (password: string, ...args: string[]) =>
    runCommand(["npm", "run", "--silent", "admin", "--", "--password-stdin", ...args], env, `${password}\n`);

  async function stored(username: string) {
    const [row] = await database.db.select().from(adminUsers).where(eq(adminUsers.username, username));
    return row;
  }

  it("creates a super admin with a generated password, printed once", async () => {
    const username = unique("ops").replace(" ", "-");
    const { code, stdout } = await admin("--username", username);
    expect(code).toBe(0);
    expect(stdout).toContain(`Created super admin "${username}".`);
    const password = /Password: (\S+)/.exec(stdout)?.[1];
    expect(password).toMatch(/^\S{20,}$/);
    const row = await stored(username);
    expect(row).toMatchObject({ role: "super_admin", isActive: true, email: `${username}@localhost` });
    expect(await verifyPassword(row.passwordHash, password!)).toBe(true);
  });

  it("creates a plain admin with the given password, email and role, and does not print the password", async () => {
    const username = unique("editor").replace(" ", "-");
    const { code, stdout } = await adminWithPassword(
      "given-password-1",
      "--username",
      username,
      "--email",
      "editor@example.com",
      "--role",
      "admin",
    );
    expect(code).toBe(0);
    expect(stdout).toContain(`Created admin "${username}".`);
    expect(stdout).not.toContain("given-password-1");
    const row = await stored(username);
    expect(row).toMatchObject({ role: "admin", isActive: true, email: "editor@example.com" });
    expect(await verifyPassword(row.passwordHash, "given-password-1")).toBe(true);
  });

  it("resets an existing admin's password, reactivates them and keeps their role unless told", async () => {
    const existing = await createTestAdmin(database.db, { isActive: false });
    // Usernames match without regard to case, as at sign-in.
    const reset = await adminWithPassword("a-fresh-password", "--username", existing.username.toUpperCase());
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain(`Reset admin "${existing.username}".`);
    let row = await stored(existing.username);
    expect(row).toMatchObject({ role: "admin", isActive: true, email: existing.email });
    expect(await verifyPassword(row.passwordHash, "a-fresh-password")).toBe(true);
    expect(await verifyPassword(row.passwordHash, existing.password)).toBe(false);

    const promote = await admin("--username", existing.username, "--role", "super_admin");
    expect(promote.code).toBe(0);
    expect(promote.stdout).toContain(`Reset super admin "${existing.username}".`);
    row = await stored(existing.username);
    expect(row.role).toBe("super_admin");
    expect(await verifyPassword(row.passwordHash, /Password: (\S+)/.exec(promote.stdout)![1])).toBe(true);
  });

  it.each([
    [[], "--username is required"],
    [["--username", "x", "--password", "given-password-1"], "--password is not accepted"],
    [["--username", "x", "--role", "owner"], "--role must be admin or super_admin"],
    [["--username", "x", "--email", "not-an-email"], "--email must be an email address"],
    [["--username", "x", "--colour", "blue"], "Unknown option '--colour'"],
  ])("refuses %j with exit code 2, the reason and the usage, and writes nothing", async (args, reason) => {
    const [before] = await database.db.select({ n: sql<number>`count(*)::int` }).from(adminUsers);
    const { code, stderr, stdout } = await admin(...args);
    expect(code).toBe(2);
    expect(stderr).toContain(reason);
    expect(stderr).toContain("npm run admin -- --username <name>");
    expect(stdout).toBe("");
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(adminUsers)).toEqual([before]);
  });

  it("refuses a password from standard input that breaks the password rules", async () => {
    const { code, stderr } = await adminWithPassword("short", "--username", unique("x").replace(" ", "-"));
    expect(code).toBe(2);
    expect(stderr).toContain("The password must be at least 10 characters");
  });

  it("prints the usage with --help", async () => {
    const { code, stdout } = await admin("--help");
    expect(code).toBe(0);
    expect(stdout).toContain("Create an admin, or reset an existing admin's password");
  });
});

describe("npm run admin and the last super admin", () => {
  it("does not demote the last active super admin, as the admin screens do not", async () => {
    const databaseUrl = postgresUrl(await createPostgresDatabase({ template: POSTGRES_TEMPLATE_DB }));
    const database = await openDatabase({ databaseUrl, maxConnections: 1 });
    try {
      const owner = await createTestAdmin(database.db, { role: "super_admin" });
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: tempDir() };
      const demote = (username: string) =>
        runCommand(["npm", "run", "--silent", "admin", "--", "--username", username, "--role", "admin"], env);
      const refused = await demote(owner.username);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("The last active super admin cannot be deactivated or demoted.");
      const [row] = await database.db.select().from(adminUsers).where(eq(adminUsers.id, owner.id));
      expect(row.role).toBe("super_admin");
      expect(await verifyPassword(row.passwordHash, owner.password)).toBe(true);

      // With a second super admin, either may step down.
      await createTestAdmin(database.db, { role: "super_admin" });
      expect((await demote(owner.username)).code).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe("npm run admin on the embedded database", () => {
  it("creates the admin in DATA_DIR, where the server finds it", { timeout: 90_000 }, async () => {
    const dataDir = tempDir();
    const { code, stdout } = await runCommand(
      ["npm", "run", "--silent", "admin", "--", "--username", "keeper", "--password-stdin"],
      { DATA_DIR: dataDir },
      "keeper-password-1",
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Created super admin "keeper".');
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db.select().from(adminUsers).where(eq(adminUsers.username, "keeper"));
      expect(await verifyPassword(row.passwordHash, "keeper-password-1")).toBe(true);
    } finally {
      await database.close();
    }
  });
});
