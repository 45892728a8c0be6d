import { z } from "zod";

// The password rules, shared by the admin forms (browser and server), ADMIN_PASSWORD at start-up
// and `npm run admin`. Sign-in refuses anything longer than MAX_PASSWORD_LENGTH before hashing
// it (password.server.ts), so no way of setting a password may allow a longer one.

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

export const PasswordSchema = z
  .string({ error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
