import { z } from "zod";

import { PASSWORD_ERRORS } from "~/copy/admin";

// The password rules, shared by the admin forms (browser and server), ADMIN_PASSWORD at start-up
// and `npm run admin`. Sign-in refuses anything longer than MAX_PASSWORD_LENGTH before hashing
// it (password.server.ts), so no way of setting a password may allow a longer one.

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

export const PasswordSchema = z
  .string({ error: PASSWORD_ERRORS.required })
  .min(MIN_PASSWORD_LENGTH, PASSWORD_ERRORS.tooShort(MIN_PASSWORD_LENGTH))
  .max(MAX_PASSWORD_LENGTH, PASSWORD_ERRORS.tooLong(MAX_PASSWORD_LENGTH));
