import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { EnvSchema } from "./env.server";

// docs/configuration.md and .env.example are how a deployer learns the variables: a variable the
// schema reads but they omit, or one they list that the schema no longer reads, fails here.

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const schemaVariables = Object.keys(EnvSchema.shape).sort();

/** The `VARIABLE`s named in the first cell of each row of the doc's tables. */
function documentedVariables(markdown: string): string[] {
  const names = markdown
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
  return [...new Set(names)].sort();
}

/** The NAME of each `NAME=value` line, commented out or not. */
function exampleVariables(dotenv: string): string[] {
  const names = dotenv.split("\n").flatMap((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);
  return [...new Set(names)].sort();
}

describe("the configuration's documentation", () => {
  it("docs/configuration.md's tables list every variable of the schema, and no other", () => {
    expect(documentedVariables(read("docs/configuration.md"))).toEqual(schemaVariables);
  });

  it(".env.example lists every variable of the schema, and no other", () => {
    expect(exampleVariables(read(".env.example"))).toEqual(schemaVariables);
  });

  it("reads names as a deployer would write them", () => {
    expect(
      documentedVariables("| `ADMIN_USERNAME`, `ADMIN_PASSWORD` | unset | the first admin (`PORT` here is prose) |"),
    ).toEqual(["ADMIN_PASSWORD", "ADMIN_USERNAME"]);
    expect(exampleVariables("# A comment naming PORT=1\n# SITE_URL=https://example.com\nPORT=3000\n")).toEqual([
      "PORT",
      "SITE_URL",
    ]);
  });
});
