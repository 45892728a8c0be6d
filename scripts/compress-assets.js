// After `react-router build`: a brotli and a gzip copy of each hashed asset, made once at the
// highest levels, so that server/main.ts sends them as they are instead of compressing per request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ASSETS = path.resolve("build/client/assets");
const COMPRESSIBLE = /\.(?:js|css|svg|json|txt|html|map)$/;
// Below this, the headers of an encoded answer cost more than compression saves.
const MIN_BYTES = 1024;

let files = 0;
for (const name of readdirSync(ASSETS)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(ASSETS, name);
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  files++;
}
console.log(`compressed ${files} assets in build/client/assets (.br and .gz)`);
