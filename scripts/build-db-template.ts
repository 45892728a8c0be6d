// Run by `npm run build`: the migrated PGlite data directory that a new DATA_DIR starts from, so
// the first start copies files instead of running initdb (seconds, and hundreds of MB resident).
import { defaultTemplateDir } from "~/db/client.server";
import { buildTemplate } from "~/db/migrate.server";

const started = Date.now();
await buildTemplate(defaultTemplateDir());
console.log(`PGlite template written to ${defaultTemplateDir()} in ${Date.now() - started} ms`);
