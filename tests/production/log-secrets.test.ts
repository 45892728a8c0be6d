import { afterAll, beforeAll, expect, it } from "vitest";

import { type AppUnderTest, OWNER, startAppUnderTest } from "../support/app-under-test";
import { breakWrites } from "../support/test-database";

// Logs: a failed query must not put its parameters (secret keys, password hashes,
// personal data) in the log, and no password, secret key or session secret appears anywhere in it.

const SESSION_SECRET = "log-test-session-secret-0123456789abcdef";
let app: AppUnderTest;
beforeAll(async () => {
  app = await startAppUnderTest({ SESSION_SECRET });
});
afterAll(() => app?.stop());

it("logs a failed write by its error, never by the values it carried", async () => {
  const visitor = await app.signedIn();
  const secretKey = "sk_live_LOGTEST0123456789abcdefSECRET";
  const token = "patLOGTEST.0123456789abcdefTOKEN";
  const restore = await breakWrites("integrations", "disk full (log test)", app.db);
  try {
    // The admin gets the error toast with the form (docs/product.md §8, Admin mutations).
    const answer = await visitor.post("/admin/integrations", { stripeSecretKey: secretKey, airtableToken: token });
    expect(answer.status).toBe(500);
  } finally {
    await restore();
  }
  const failed = await visitor.post("/admin/login", { username: OWNER.username, password: "wrong-password-LOGTEST" });
  expect(failed.status).toBeLessThan(500);

  const output = app.output();
  // The failure itself is in the log, with the database's reason.
  expect(output).toContain("disk full (log test)");
  for (const secret of [secretKey, token, OWNER.password, "wrong-password-LOGTEST", SESSION_SECRET, "$argon2"]) {
    expect(output, secret).not.toContain(secret);
  }
});
