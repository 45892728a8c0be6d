import { readdirSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

// Unit tests beside the code run without a database. The few of them that open one (through the
// Postgres harness) need the global setup, so they run with the integration tests.
const appTests = readdirSync("app", { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `app/${file}`);
const appTestsWithDatabase = appTests.filter((file) =>
  readFileSync(file, "utf8").includes("tests/support/test-database"),
);

const POSTGRES_HARNESS = ["tests/support/vitest-global-setup.ts"];

// Separate from vite.config.ts: the React Router plugin has no place in unit and integration tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 90_000,
    env: {
      NODE_ENV: "test",
      SESSION_SECRET: "test-session-secret-that-is-long-enough-1234",
      DATA_DIR: ".tmp/vitest-data",
    },
    coverage: {
      provider: "v8",
      include: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
      exclude: ["app/**/*.test.{ts,tsx}", "app/**/+types/**"],
      reporter: [["json", { file: "vitest.json" }]],
      // A flaky test must not cost the whole measurement: npm run test:coverage still fails.
      reportOnFailure: true,
    },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}"], exclude: appTestsWithDatabase },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", ...appTestsWithDatabase],
          globalSetup: POSTGRES_HARNESS,
        },
      },
      // These start the production build (npm run build first): `npm run test:production`.
      {
        extends: true,
        test: { name: "production", include: ["tests/production/**/*.test.ts"], globalSetup: POSTGRES_HARNESS },
      },
    ],
  },
});
