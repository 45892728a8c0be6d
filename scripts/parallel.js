// `node scripts/parallel.js lint typecheck build`: runs those npm scripts at once, each one's
// output printed whole when it ends, and fails when any failed. ESLint, Prettier, tsc and the
// build each keep one core busy, so on CI's two cores side by side they take half the time.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/parallel.js <npm script>...");
  process.exit(2);
}

const codes = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
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
      }),
  ),
);
process.exit(codes.find((code) => code !== 0) ?? 0);
