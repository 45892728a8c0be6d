import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { ROOT, startBuiltServer, stopBuiltServer } from "../support/built-server";

// Docker cannot run on these machines. What can be checked: the final image's files exist after
// a build, and the image's command, with the image's environment and only those files, serves
// the site and passes the image's own HEALTHCHECK.
const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8").replace(/\\\n\s*/g, " ");
const finalStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function instructions(name: string): string[] {
  return finalStage
    .split("\n")
    .filter((line) => line.startsWith(`${name} `))
    .map((line) => line.slice(name.length + 1).trim());
}

/** [source paths relative to the repo, destination] for the final stage's COPY lines. */
function copies(): { from?: string; sources: string[]; dest: string }[] {
  return instructions("COPY").map((line) => {
    const parts = line.split(/\s+/);
    const from = parts.find((p) => p.startsWith("--from="))?.slice("--from=".length);
    const paths = parts.filter((p) => !p.startsWith("--"));
    return { from, sources: paths.slice(0, -1).map((p) => p.replace(/^\/app\//, "")), dest: paths.at(-1)! };
  });
}

describe("the container image", () => {
  it("runs as a non-root user with a health check on /healthz", () => {
    expect(instructions("USER")).toEqual(["node"]);
    expect(instructions("HEALTHCHECK").join(" ")).toContain("/healthz");
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it("starts node with npm start's flags and memory settings", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: { start: string };
    };
    const [, assignments, flags] = /^cross-env ((?:\w+=\S+ )+)node (.*) build\/server\/main\.js$/.exec(scripts.start)!;
    expect(JSON.parse(instructions("CMD")[0])).toEqual(["node", ...flags.split(" "), "build/server/main.js"]);
    const env = instructions("ENV").join(" ");
    for (const assignment of assignments.trim().split(" ")) expect(env).toContain(assignment);
  });

  it("copies files that the build produces", () => {
    for (const { from, sources } of copies()) {
      for (const source of sources) {
        if (from === "prod-deps") continue;
        expect(existsSync(path.join(ROOT, source)), `${source} (run npm run build first)`).toBe(true);
      }
    }
    expect(existsSync(path.join(ROOT, "build/server/index.js"))).toBe(true);
  });

  it("serves the site from only the copied files, with the image's environment and command", async () => {
    const image = mkdtempSync(path.join(tmpdir(), "agency-image-"));
    dirs.push(image);
    for (const { from, sources, dest } of copies()) {
      for (const source of sources) {
        if (from === "prod-deps") {
          symlinkSync(path.join(ROOT, "node_modules"), path.join(image, "node_modules"));
          continue;
        }
        // Docker's rules: a directory's contents go to dest; a file goes into dest when it ends in "/".
        const isDir = statSync(path.join(ROOT, source)).isDirectory();
        const target =
          !isDir && dest.endsWith("/") ? path.join(image, dest, path.basename(source)) : path.join(image, dest);
        cpSync(path.join(ROOT, source), target, { recursive: true });
      }
    }
    const env: Record<string, string> = {};
    for (const line of instructions("ENV")) {
      for (const [, key, value] of line.matchAll(/(\w+)=(\S+)/g)) env[key] = value;
    }
    const server = await startBuiltServer(
      { ...env, DATA_DIR: path.join(image, "data") },
      { command: JSON.parse(instructions("CMD")[0]) as string[], cwd: image },
    );
    try {
      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      const css = /href="(\/assets\/[^"]+\.css)"/.exec(await home.text())?.[1];
      expect((await fetch(`${server.url}${css}`)).status).toBe(200);

      const healthcheck = JSON.parse(
        instructions("HEALTHCHECK")
          .join(" ")
          .replace(/^.*CMD /, ""),
      );
      const port = new URL(server.url).port;
      const probe = spawnSync(healthcheck[0], healthcheck.slice(1), { env: { ...process.env, PORT: port } });
      expect(probe.status).toBe(0);
    } finally {
      expect(await stopBuiltServer(server)).toBe(0);
    }
  });

  it("fly.toml mounts DATA_DIR and checks /healthz on the app's port", () => {
    const fly = readFileSync(path.join(ROOT, "fly.toml"), "utf8");
    const dataDir = /DATA_DIR = "([^"]+)"/.exec(fly)?.[1];
    expect(/destination = "([^"]+)"/.exec(fly)?.[1]).toBe(dataDir);
    expect(/internal_port = (\d+)/.exec(fly)?.[1]).toBe(/PORT = "(\d+)"/.exec(fly)?.[1]);
    expect(fly).toMatch(/path = "\/healthz"/);
  });
});
