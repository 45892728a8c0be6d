import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, it } from "vitest";

// Modules that import each other round a circle load half-initialised in whichever order the
// bundler picks, and cannot be read one at a time: app/ and server/ keep none.

const root = path.resolve(import.meta.dirname, "../..");
// Value imports and re-exports (`import type` and `export type` are erased, so they make none).
const IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?"([^"]+)"/gms;

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join("app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.join(path.dirname(from), specifier)
      : null;
  if (base === null) return null;
  return (
    [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find((file) => existsSync(path.join(root, file))) ?? null
  );
}

function importGraph(): Map<string, string[]> {
  const files = ["app", "server"].flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("+types"))
      .map((file) => path.join(folder, file)),
  );
  return new Map(
    files.map((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      const imports = [...text.matchAll(IMPORT)].map((match) => resolveImport(file, match[1]));
      return [file, imports.filter((target) => target !== null)];
    }),
  );
}

/** Every circle a depth-first walk meets, as the files round it. */
function circles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string) => {
    trail.push(file);
    for (const target of graph.get(file) ?? []) {
      if (trail.includes(target)) found.push([...trail.slice(trail.indexOf(target)), target].join(" → "));
      else if (!done.has(target)) visit(target);
    }
    trail.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return found;
}

it("has no import circles in app/ and server/", () => {
  const graph = importGraph();
  expect(graph.get("app/lib/chat-schema.ts")).toContain("app/lib/chat.ts");
  expect(circles(graph)).toEqual([]);
});
