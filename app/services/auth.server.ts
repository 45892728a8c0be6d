import { signedCookieOptions } from "~/lib/cookie-options.server";
import { createHash } from "node:crypto";
import { createCookieSessionStorage, redirect, type Session } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import {
  type Admin,
  findAdminForLogin,
  getAdminForSession,
  recordLogin,
  setAdminPassword,
} from "~/models/admin-users.server";
import { getEnv } from "~/lib/env.server";
import { clearLoginAttempts, countLoginAttempt } from "./login-limiter.server";
import { verifyAgainstDummy, verifyPassword } from "~/lib/password.server";

// Sign-in, the admin session and the guards. The session cookie holds the admin's id only; every
// guarded request loads the admin from the database, so deactivating or deleting an admin ends
// their session at their next request.

export const LOGIN_PATH = "/admin/login";
export const SESSION_COOKIE = "__session";
const ADMIN_HOME = "/admin";

type SessionData = {
  adminId: string;
  /** Fingerprint of the password hash at sign-in: a new password ends every other session. */
  passwordStamp: string;
  signedInAt: number;
};

function createSessionStorage() {
  return createCookieSessionStorage<SessionData>({
    cookie: { name: SESSION_COOKIE, ...signedCookieOptions(), maxAge: sessionMaxAgeMs() / 1000 },
  });
}

let storage: ReturnType<typeof createSessionStorage> | undefined;
function sessionStorage() {
  storage ??= createSessionStorage();
  return storage;
}

function sessionMaxAgeMs(): number {
  return getEnv().SESSION_MAX_AGE_HOURS * 60 * 60 * 1000;
}

function passwordStamp(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22);
}

function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The signed-in admin, or null: no session, an expired one, or an admin deleted or deactivated since. */
async function adminFromSession(session: Session<SessionData>): Promise<Admin | null> {
  const adminId = session.get("adminId");
  const signedInAt = session.get("signedInAt");
  // The cookie's own expiry is the browser's business; a copied cookie must expire here too.
  if (!adminId || !signedInAt || Date.now() - signedInAt > sessionMaxAgeMs()) return null;
  const found = await getAdminForSession(adminId);
  if (!found?.admin.isActive || passwordStamp(found.passwordHash) !== session.get("passwordStamp")) return null;
  return found.admin;
}

/** Only same-site paths under /admin: an open redirect would send a fresh session elsewhere. */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined): string {
  if (typeof value !== "string" || !value.startsWith(ADMIN_HOME) || value.startsWith(LOGIN_PATH)) return ADMIN_HOME;
  if (value.length > ADMIN_HOME.length && !"/?".includes(value[ADMIN_HOME.length])) return ADMIN_HOME;
  return value;
}

/**
 * The check behind the admin guard (app/middleware/admin-guard.server.ts): the signed-in admin, or
 * a thrown redirect to the login page (clearing a session that is no longer valid).
 */
export async function requireAdmin(request: Request): Promise<Admin> {
  const session = await getSession(request);
  const admin = await adminFromSession(session);
  if (admin) return admin;
  const url = new URL(request.url);
  const loginUrl =
    request.method === "GET" && url.pathname !== ADMIN_HOME
      ? `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`
      : LOGIN_PATH;
  const headers = session.has("adminId") ? { "Set-Cookie": await sessionStorage().destroySession(session) } : undefined;
  throw redirect(loginUrl, { headers });
}

/** For the login page: signed-in admins go straight to the panel. */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  if (await adminFromSession(await getSession(request))) throw redirect(ADMIN_HOME);
}

class InvalidCredentialsError extends Error {
  name = "InvalidCredentialsError";
}

const authenticator = new Authenticator<{ admin: Admin; passwordHash: string }>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const username = String(form.get("username") ?? "");
    const password = String(form.get("password") ?? "");
    const found = await findAdminForLogin(username);
    // An unknown username costs the same hashing time as a wrong password, and inactive
    // admins are checked after the hash, so neither can be told apart from outside.
    const valid = found ? await verifyPassword(found.passwordHash, password) : await verifyAgainstDummy(password);
    if (!found || !valid || !found.isActive) throw new InvalidCredentialsError();
    const { passwordHash, ...admin } = found;
    return { admin, passwordHash };
  }),
  "admin-password",
);

export type SignInResult =
  | { status: "signed-in"; admin: Admin; cookie: string }
  | { status: "invalid" }
  | { status: "limited"; retryAfterSeconds: number };

/**
 * Checks the username and password of a login form (the request's body is read here) against
 * the sign-in limit and the database. On success `last_login` is updated and `cookie` holds a
 * fresh session: a new one, never the visitor's previous one.
 */
export async function signIn(request: Request, input: { username: string; ip: string }): Promise<SignInResult> {
  const attempt = await countLoginAttempt(input.username, input.ip);
  if (!attempt.allowed) return { status: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  let found;
  try {
    found = await authenticator.authenticate("admin-password", request);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return { status: "invalid" };
    throw error;
  }
  await Promise.all([clearLoginAttempts(input.username, input.ip), recordLogin(found.admin.id)]);
  return { status: "signed-in", admin: found.admin, cookie: await startSession(found.admin.id, found.passwordHash) };
}

async function startSession(adminId: string, passwordHash: string): Promise<string> {
  const session = await sessionStorage().getSession();
  session.set("adminId", adminId);
  session.set("passwordStamp", passwordStamp(passwordHash));
  session.set("signedInAt", Date.now());
  return sessionStorage().commitSession(session);
}

/** After a password change: this session follows, every other one ends. */
async function refreshSession(request: Request, passwordHash: string): Promise<string> {
  const session = await getSession(request);
  session.set("passwordStamp", passwordStamp(passwordHash));
  return sessionStorage().commitSession(session);
}

export async function signOut(request: Request): Promise<string> {
  return sessionStorage().destroySession(await getSession(request));
}

export type PasswordChangeResult = { status: "changed"; cookie: string } | { status: "wrong-password" | "limited" };

/**
 * The signed-in admin changes their own password. The current password is checked (and counted
 * against the sign-in limit: a stolen session must not become a way to guess it).
 */
export async function changeOwnPassword(
  request: Request,
  admin: Admin,
  input: { currentPassword: string; newPassword: string; ip: string },
): Promise<PasswordChangeResult> {
  const attempt = await countLoginAttempt(admin.username, input.ip);
  if (!attempt.allowed) return { status: "limited" };
  const found = await getAdminForSession(admin.id);
  if (!found || !(await verifyPassword(found.passwordHash, input.currentPassword))) return { status: "wrong-password" };
  await setAdminPassword(admin.id, input.newPassword);
  const updated = await getAdminForSession(admin.id);
  await clearLoginAttempts(admin.username, input.ip);
  return { status: "changed", cookie: await refreshSession(request, updated!.passwordHash) };
}
