import { z } from "zod";

const MIN_PASSWORD_LENGTH = 10;

// The same rule as ADMIN_PASSWORD at start-up.
export const PasswordSchema = z
  .string({ error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, "Password must be at most 200 characters");
