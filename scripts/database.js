// `npm run db:backup` and `npm run db:restore` (server/backup-command.ts): like scripts/admin.js,
// they run on the built server bundle, so they work in the production image too.
import { existsSync } from "node:fs";

const COMMANDS = { backup: "runBackupCommand", restore: "runRestoreCommand" };

const BUILD = new URL("../build/server/index.js", import.meta.url);
if (!existsSync(BUILD)) {
  console.error("Build the app first: npm run build");
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
const bundle = await import(BUILD.href);
try {
  process.exitCode = await bundle[COMMANDS[command]](args);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
