import { createHash, randomBytes } from "node:crypto";

import { createCookie, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { signedCookieOptions } from "~/lib/cookie-options.server";
import { getEnv } from "~/lib/env.server";
import { HashingBusyError, verifyAgainstDummy, verifyPassword } from "~/lib/password.server";
import {
  createAdminSession,
  deleteAdminSession,
  deleteDeadAdminSessions,
  findSessionAdmin,
  touchAdminSession,
} from "~/models/admin-sessions.server";
import {
  type Admin,
  findAdminForLogin,
  getAdminForSession,
  recordLogin,
  setAdminPassword,
} from "~/models/admin-users.server";

import { clearLoginAttempts, countLoginAttempt } from "./login-limiter.server";

// Sign-in, the admin session and the guards. The session cookie holds a random token; the server
// keeps its hash with the admin's id, expiry and last use (app/models/admin-sessions.server.ts), so
// signing out ends the session on the server, not only in the browser, and a new password or a
// deactivation ends every session of that admin (a trigger in the database).

export const LOGIN_PATH = "/admin/login";
// The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and for "/":
// a neighbouring subdomain cannot plant one. Browsers keep it for HTTPS only, hence the plain name
// in development.
const SESSION_COOKIE = { secure: "__Host-session", plain: "__session" } as const;
export const SESSION_COOKIE_NAMES = Object.values(SESSION_COOKIE);
const ADMIN_HOME = "/admin";
// Every hashing slot taken and the queue full (a burst of sign-ins): worth trying again soon.
const BUSY_RETRY_SECONDS = 10;
// last_seen_at is written at most this often: one write a minute per admin, not one a request.
const TOUCH_INTERVAL_MS = 60_000;

function createSessionCookie() {
  const options = signedCookieOptions();
  return createCookie(options.secure ? SESSION_COOKIE.secure : SESSION_COOKIE.plain, {
    ...options,
    maxAge: sessionMaxAgeMs() / 1000,
  });
}

let cookie: ReturnType<typeof createSessionCookie> | undefined;
function sessionCookie() {
  cookie ??= createSessionCookie();
  return cookie;
}

function sessionMaxAgeMs(): number {
  return getEnv().SESSION_MAX_AGE_HOURS * 60 * 60 * 1000;
}

function idleSince(now: Date): Date {
  return new Date(now.getTime() - getEnv().SESSION_IDLE_MINUTES * 60 * 1000);
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The hash of the session token the request carries, if it carries a well-signed one. */
async function sessionTokenHash(request: Request): Promise<string | null> {
  const token: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token.length > 0 ? hashToken(token) : null;
}

/**
 * Whether the Cookie header carries a well-signed session cookie: a signed-in admin's browser, told
 * without a database read (visit counting leaves the admin's own visits out, server/visits.ts).
 */
export async function carriesSignedSession(cookieHeader: string): Promise<boolean> {
  const token: unknown = await sessionCookie().parse(cookieHeader);
  return typeof token === "string" && token.length > 0;
}

/** The signed-in admin, or null: no session, an expired, idle or ended one, or an inactive admin. */
async function adminFromSession(tokenHash: string | null): Promise<Admin | null> {
  if (!tokenHash) return null;
  const now = new Date();
  const found = await findSessionAdmin(tokenHash, now, idleSince(now));
  if (!found) return null;
  if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchAdminSession(tokenHash, now);
  return found.admin;
}

async function clearedCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: undefined, expires: new Date(0) });
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
  const tokenHash = await sessionTokenHash(request);
  const admin = await adminFromSession(tokenHash);
  if (admin) return admin;
  const url = new URL(request.url);
  const loginUrl =
    request.method === "GET" && url.pathname !== ADMIN_HOME
      ? `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`
      : LOGIN_PATH;
  const headers = tokenHash ? { "Set-Cookie": await clearedCookie() } : undefined;
  throw redirect(loginUrl, { headers });
}

/** For the login page: signed-in admins go straight to the panel. */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  if (await adminFromSession(await sessionTokenHash(request))) throw redirect(ADMIN_HOME);
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
 * Checks the username and password of a login form (read by the login action) against the
 * sign-in limit and the database. On success `last_login` is updated and `cookie` holds a fresh
 * session: a new one, never the visitor's previous one.
 */
export async function signIn(
  request: Request,
  input: { username: string; password: string; ip: string },
): Promise<SignInResult> {
  const attempt = await countLoginAttempt(input.username, input.ip);
  if (!attempt.allowed) return { status: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  let found;
  try {
    // The form strategy reads its fields from a request's body. The posted body was read once, by
    // the login action within the body limit: the strategy gets the two fields, not that body again.
    const credentials = new Request(request.url, {
      method: "POST",
      body: new URLSearchParams({ username: input.username, password: input.password }),
    });
    found = await authenticator.authenticate("admin-password", credentials);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return { status: "invalid" };
    if (error instanceof HashingBusyError) {
      return { status: "limited", retryAfterSeconds: BUSY_RETRY_SECONDS };
    }
    throw error;
  }
  // A fresh token at every sign-in, and the one the browser had (if any) ends: a session fixed
  // before sign-in is worth nothing after it.
  const previous = await sessionTokenHash(request);
  await Promise.all([
    clearLoginAttempts(input.username, input.ip),
    recordLogin(found.admin.id),
    previous ? deleteAdminSession(previous) : undefined,
  ]);
  return { status: "signed-in", admin: found.admin, cookie: await startSession(found.admin.id) };
}

async function startSession(adminId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await deleteDeadAdminSessions(now, idleSince(now));
  await createAdminSession({
    tokenHash: hashToken(token),
    adminId,
    now,
    expiresAt: new Date(now.getTime() + sessionMaxAgeMs()),
  });
  return sessionCookie().serialize(token);
}

/** Ends the request's session on the server, and returns the cookie that clears it in the browser. */
export async function signOut(request: Request): Promise<string> {
  const tokenHash = await sessionTokenHash(request);
  if (tokenHash) await deleteAdminSession(tokenHash);
  return clearedCookie();
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
  // The new password ends every session of this admin, this one too; it goes on as a new one.
  await setAdminPassword(admin.id, input.newPassword);
  await clearLoginAttempts(admin.username, input.ip);
  return { status: "changed", cookie: await startSession(admin.id) };
}
