// `npm run admin -- ...`: runs against the built server bundle, so it works in the production
// image too (no TypeScript tooling there).
import { existsSync } from "node:fs";

const BUILD = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(BUILD)) {
  console.error("Build the app first: npm run build");
  process.exit(1);
}
const { runAdminCommand } = await import(BUILD.href);
try {
  process.exitCode = await runAdminCommand(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
