const fs = require("fs");
const st = () => { const s = fs.readFileSync("/proc/self/status","utf8"); return `rss=${s.match(/VmRSS:\s+(\d+)/)[1]/1024|0} hwm=${s.match(/VmHWM:\s+(\d+)/)[1]/1024|0}`; };
(async () => {
  const { PGlite } = await import("@electric-sql/pglite");
  const c0 = Date.now();
  const pg = await PGlite.create({ dataDir: process.argv[2], startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] });
  const t = Date.now();
  for (let i=0;i<3000;i++) await pg.query("select c.relname, a.attname from pg_class c join pg_attribute a on a.attrelid=c.oid where c.relname like $1 limit 50", ["pg_%"+(i%20)]);
  console.log(process.execArgv.join(" ")||"default", "create", t - c0, "3000q", Date.now()-t, "ms", st());
  await pg.close();
})();
