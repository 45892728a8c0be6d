import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type RunningServer, startBuiltServer, stopBuiltServer } from "../support/built-server";

// The public pages draw their icons from one cached sprite file instead of repeating inline SVG
// drawings in every page (app/components/ui/icon.tsx).
let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "agency-public-html-"));
  server = await startBuiltServer({ DATA_DIR: dataDir });
}, 120_000);
afterAll(async () => {
  if (server) await stopBuiltServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each(["/", "/services", "/order"])("the icons on %s", (page) => {
  it("come from one immutable sprite that defines each of them once", async () => {
    const html = await (await fetch(`${server.url}${page}`)).text();
    // An inline lucide drawing (the chat button's, from its own module) is never repeated.
    const inline = [...html.matchAll(/class="lucide (lucide-[\w-]+)/g)].map(([, name]) => name);
    expect(new Set(inline).size).toBe(inline.length);
    const refs = [...html.matchAll(/<use href="([^"#]+)#([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    const spriteUrls = new Set(refs.map(([, url]) => url));
    expect(spriteUrls.size).toBe(1);

    const sprite = await fetch(`${server.url}${[...spriteUrls][0]}`);
    expect(sprite.status).toBe(200);
    expect(sprite.headers.get("cache-control")).toContain("immutable");
    const ids = [...(await sprite.text()).matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, , name] of refs) expect(ids, `symbol #${name}`).toContain(name);
  });
});
