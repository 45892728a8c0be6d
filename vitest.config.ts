import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin has no place in unit and integration tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 90_000,
    env: {
      NODE_ENV: "test",
      SESSION_SECRET: "test-session-secret-that-is-long-enough-1234",
      DATA_DIR: ".tmp/vitest-data",
    },
  },
});
