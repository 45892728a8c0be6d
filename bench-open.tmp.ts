import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPglite } from "~/db/pglite-options.server";
const mode = process.argv[2];
async function once() {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  let pg; let dir: string | undefined;
  if (mode === "none" || mode === "gzip") {
    const dump = readFileSync(`/tmp/tpl-${mode}.tar`);
    pg = await createPglite({ loadDataDir: new Blob([dump]) });
  } else {
    dir = mkdtempSync(path.join(tmpdir(), "pgl-"));
    cpSync("build/pglite-template", dir, { recursive: true });
    pg = await createPglite({ dataDir: dir });
  }
  await pg.query("select count(*) from orders");
  const c1 = process.cpuUsage(c0); const t1 = performance.now();
  for (let i = 0; i < 200; i++) await pg.query("insert into counters (name, value) values ($1, 1) on conflict (name) do update set value = counters.value + 1", [`c${i % 20}`]);
  const c2 = process.cpuUsage(c0); const t2 = performance.now();
  await pg.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  const c3 = process.cpuUsage(c0);
  return `open ${(t1-t0).toFixed(0)}ms cpu ${((c1.user+c1.system)/1000).toFixed(0)} | 200 writes ${(t2-t1).toFixed(0)}ms cpu ${((c2.user+c2.system-c1.user-c1.system)/1000).toFixed(0)} | close cpu ${((c3.user+c3.system-c2.user-c2.system)/1000).toFixed(0)}`;
}
for (let i = 0; i < 3; i++) console.log(mode, await once());
