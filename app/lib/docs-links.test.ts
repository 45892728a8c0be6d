import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

// The README sends readers into docs/ and the docs into each other: a moved file or a renamed
// heading must not leave a link that goes nowhere.

const root = path.resolve(import.meta.dirname, "../..");
const markdownFiles = [
  "README.md",
  ...readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join("docs", file)),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => headingAnchor(match[1])));
}

/** Relative links `[text](target)` outside code blocks, with the file each one is in. */
function relativeLinks(file: string): { from: string; target: string }[] {
  const text = readFileSync(path.join(root, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => ({ from: file, target }));
}

function brokenLink({ from, target }: { from: string; target: string }): string | null {
  const [file, anchor] = target.split("#");
  const resolved = file === "" ? path.join(root, from) : path.resolve(path.join(root, path.dirname(from)), file);
  if (!existsSync(resolved)) return `${from}: ${target} (no such file)`;
  if (anchor && statSync(resolved).isFile() && !anchorsOf(resolved).has(anchor)) {
    return `${from}: ${target} (no such heading)`;
  }
  return null;
}

describe("links in the README and docs/", () => {
  it("all lead to a file, and to a heading in it when they name one", () => {
    const links = markdownFiles.flatMap(relativeLinks);
    expect(links.length).toBeGreaterThan(20);
    expect(links.map(brokenLink).filter(Boolean)).toEqual([]);
  });

  it("the docs files the code names exist", () => {
    const sources = ["app", "server", "bench", "scripts", "tests"]
      .flatMap((dir) =>
        readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((f) => path.join(dir, f)),
      )
      .filter((file) => /\.(ts|tsx|js)$/.test(file) && !file.includes("node_modules"));
    const named = sources.flatMap((file) =>
      [...readFileSync(path.join(root, file), "utf8").matchAll(/\bdocs\/[\w/-]+\.md\b/g)].map(
        (m) => `${file}: ${m[0]}`,
      ),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((entry) => !existsSync(path.join(root, entry.split(": ")[1])))).toEqual([]);
  });

  it("finds headings as GitHub names them", () => {
    expect(headingAnchor("10. Admin guide")).toBe("10-admin-guide");
    expect(headingAnchor("Crash safety (embedded database)")).toBe("crash-safety-embedded-database");
    expect(headingAnchor("Measuring: `npm run bench`")).toBe("measuring-npm-run-bench");
  });
});
