import { afterAll, beforeAll } from "vitest";

import { type Env, loadEnv } from "~/lib/env.server";

const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };

/**
 * The app's configuration, for the enclosing file or describe block, as the server would load it
 * with `variables` added to its environment (a function: read once the other beforeAll hooks have
 * run, for addresses of servers they start). What was there before comes back afterwards: a worker
 * runs many files on the same modules (vitest.config.ts).
 */
export function overrideAppEnv(variables: Record<string, string> | (() => Record<string, string>)): void {
  let before: Env | undefined;
  beforeAll(() => {
    before = globalEnv.__appEnv;
    globalEnv.__appEnv = loadEnv({ ...process.env, ...(typeof variables === "function" ? variables() : variables) });
  });
  afterAll(() => {
    globalEnv.__appEnv = before;
  });
}
