import { getEnv } from "./env.server";

/** Every cookie the site sets: signed, HttpOnly, SameSite=Lax, Secure in production. */
export function signedCookieOptions() {
  const env = getEnv();
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: env.NODE_ENV === "production",
    secrets: [env.SESSION_SECRET],
  };
}
