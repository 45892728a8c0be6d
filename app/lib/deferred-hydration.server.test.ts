import { describe, expect, test } from "vitest";

import { HYDRATE_ON_INTERACTION, hydratesOnInteraction, INERT_MODULE_TYPE } from "./deferred-hydration";
import { makeHydrationInert } from "./deferred-hydration.server";

// The markup React Router 7's <Scripts> renders, as React 19 serialises it (preloads hoisted).
const page = (nonce = "") =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-a.js"/>` +
  `<link rel="modulepreload" href="/assets/framework-b.js"/><link rel="stylesheet" href="/assets/root.css"/></head>` +
  `<body><main></main><script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">import * as route0 from "/assets/root-c.js";\n` +
  `window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-a.js");</script></body></html>`;

describe("makeHydrationInert", () => {
  test("the module script gets a type the browser does not run, the preloads lose their rel", () => {
    const html = makeHydrationInert(page());
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(`<script type="${INERT_MODULE_TYPE}" async="">import * as route0`);
    expect(html).toContain('<link data-modulepreload="" href="/assets/entry.client-a.js"/>');
    expect(html).toContain('<link data-modulepreload="" href="/assets/framework-b.js"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  });

  test("a nonce stays on the script", () => {
    const html = makeHydrationInert(page(' nonce="abc"'));
    expect(html).toContain(`<script nonce="abc" type="${INERT_MODULE_TYPE}" async="">`);
  });

  test("a page that is not as expected is left to hydrate at load", () => {
    const twice = page().replace("</body>", `<script type="module" async="">import "/x.js";</script></body>`);
    expect(makeHydrationInert(twice)).toBe(twice);
    const none = page().replace(' type="module" async=""', "");
    expect(makeHydrationInert(none)).toBe(none);
  });
});

test("hydratesOnInteraction finds the handle among a page's routes", () => {
  expect(hydratesOnInteraction([undefined, HYDRATE_ON_INTERACTION, { other: 1 }])).toBe(true);
  expect(hydratesOnInteraction([undefined, null, { other: 1 }])).toBe(false);
});
