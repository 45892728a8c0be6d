import { INERT_MODULE_TYPE, INERT_PRELOAD_ATTRIBUTE } from "./deferred-hydration";
import { log } from "./log.server";

// React Router's <Scripts> renders one module script, which imports the route modules and the
// client entry, and React hoists its modulepreload links into <head>. Both are plain markup here.
const MODULE_SCRIPT = /(<script(?: nonce="[^"]*")?) type="module" async="">/g;
const MODULE_PRELOAD = /<link rel="modulepreload" /g;

/**
 * The rendered page with React Router's scripts inert: nothing of the framework loads or runs until
 * the inline script of deferred-hydration.ts restores them. A page whose markup is not as expected
 * (a new React Router) is left as it was, hydrating at load, and logged.
 */
export function makeHydrationInert(html: string): string {
  const moduleScripts = html.match(MODULE_SCRIPT)?.length ?? 0;
  if (moduleScripts !== 1) {
    log.error("hydration on interaction skipped: not one module script in the page", { moduleScripts });
    return html;
  }
  return html
    .replace(MODULE_SCRIPT, `$1 type="${INERT_MODULE_TYPE}" async="">`)
    .replace(MODULE_PRELOAD, `<link ${INERT_PRELOAD_ATTRIBUTE}="" `);
}
