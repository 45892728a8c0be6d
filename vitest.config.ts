import { configDefaults, defineConfig } from "vitest/config";

// Unit tests beside the code (app/) run without a database; the integration and production
// projects share the Postgres harness.
const POSTGRES_HARNESS = ["tests/support/vitest-global-setup.ts"];

// Test files share their worker's modules: importing the app afresh for each file was a fifth of
// the integration and production tests' CPU (unit alone: 12 s instead of 31). So a file leaves
// behind no configuration (tests/support/app-env.ts), mock, spy or fake timer. These cannot: they
// mock a module, stub the environment or silence the console for the whole file, or stop the
// outbox worker, which then stays stopped for the rest of the process, as at shutdown.
const UNIT_ISOLATED = ["app/lib/log.server.test.ts", "app/lib/password.server.test.ts", "app/entry.server.test.tsx"];
const INTEGRATION_ISOLATED = ["tests/integration/outbox-worker.test.ts"];

// Separate from vite.config.ts: the React Router plugin has no place in unit and integration tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Threads start faster than processes (unit alone: 47 s as processes, 30 s as threads).
    pool: "threads",
    testTimeout: 30_000,
    hookTimeout: 90_000,
    env: {
      NODE_ENV: "test",
      SESSION_SECRET: "test-session-secret-that-is-long-enough-1234",
      DATA_DIR: ".tmp/vitest-data",
      // The tests' webhooks listen on 127.0.0.1; tests/production/webhook-ssrf.test.ts runs without it.
      ALLOW_PRIVATE_WEBHOOK_URLS: "true",
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
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "unit-isolated", include: UNIT_ISOLATED },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...INTEGRATION_ISOLATED],
          isolate: false,
          globalSetup: POSTGRES_HARNESS,
          // Three files at once on two cores, each on databases of its own: much of their time is
          // spent waiting on the shared Postgres server and on the payment clients' retries (with
          // two, a quarter of the cores sat idle once lint and types were done). In its own group,
          // after the unit tests (see below).
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration-isolated",
          include: INTEGRATION_ISOLATED,
          // The same Postgres server and templates as the integration project's.
          globalSetup: POSTGRES_HARNESS,
          // One file, but vitest runs a group's projects with one worker count.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      // These start the production build (npm run build first): `npm run test:production`.
      {
        extends: true,
        test: {
          name: "production",
          include: ["tests/production/**/*.test.ts"],
          globalSetup: POSTGRES_HARNESS,
          // Three files at once on two cores: these mostly wait on the servers, databases and
          // commands they start (a clean-clone CI run: 165 s with two, 144 s with three). A worker
          // count of its own needs a group of its own, run last when several projects run together.
          maxWorkers: 3,
          // Processes: threads saved nothing here, where each file waits on what it starts.
          pool: "forks",
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
