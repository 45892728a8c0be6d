// `node scripts/parallel.js lint typecheck build+test:unit`: runs those npm scripts at once, "a+b"
// one after the other in one lane; each one's output printed whole when it ends; fails when any
// failed. ESLint, Prettier, tsc and the build each keep one core busy, and the integration tests
// spend much of their time waiting on PostgreSQL: side by side they take less time.
import { spawn } from "node:child_process";

const lanes = process.argv.slice(2).map((lane) => lane.split("+"));
if (lanes.length === 0) {
  console.error("usage: node scripts/parallel.js <npm script>[+<npm script>...]...");
  process.exit(2);
}

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? "done" : `failed (${signal ?? `exit code ${code}`})`;
      process.stdout.write(`\n> npm run ${script}: ${status} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(
  lanes.map(async (scripts) => {
    for (const script of scripts) {
      const code = await run(script);
      if (code !== 0) return code;
    }
    return 0;
  }),
);
process.exit(codes.find((code) => code !== 0) ?? 0);
