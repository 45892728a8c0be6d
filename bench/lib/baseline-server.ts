import { spawn } from "node:child_process";
import { once } from "node:events";

import type { RawResponse } from "./http";

export interface BaselineServer {
  baseUrl: string;
  /** Its own process, so its CPU time is read as the app's is (readCpuMs). */
  pid: number;
  close: () => Promise<void>;
}

// A plain `node` process, as an independent side-by-side run starts one: beside the bench's
// TypeScript loader and heap the same server answers a quarter slower (docs/performance.md).
const SERVER = `
const { createServer } = require("node:http");
let input = "";
process.stdin.setEncoding("utf8").on("data", (chunk) => (input += chunk)).on("end", () => {
  const responses = new Map(
    JSON.parse(input).map(([url, r]) => [url, { ...r, body: Buffer.from(r.body, "base64") }]),
  );
  const server = createServer((request, response) => {
    const recorded = responses.get(request.url ?? "");
    if (!recorded) return response.writeHead(404, { "Content-Type": "text/plain" }).end("Not recorded");
    response.writeHead(recorded.status, { ...recorded.headers, "Content-Length": recorded.body.length });
    response.end(recorded.body);
  });
  server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
});
`;

/**
 * The runtime's ceiling: a bare node:http server answering each path (with its query) with the
 * status, headers and compressed bytes the app sent for it, from memory, with no work per request.
 */
export async function startBaselineServer(responses: Map<string, RawResponse>): Promise<BaselineServer> {
  const child = spawn(process.execPath, ["-e", SERVER], { stdio: ["pipe", "pipe", "inherit"] });
  const recorded = [...responses].map(([url, r]) => [url, { ...r, body: r.body.toString("base64") }]);
  child.stdin.end(JSON.stringify(recorded));
  const [line] = (await Promise.race([
    once(child.stdout.setEncoding("utf8"), "data"),
    once(child, "exit").then(() => {
      throw new Error("The bare Node baseline exited before it listened");
    }),
  ])) as [string];
  return {
    baseUrl: `http://127.0.0.1:${Number.parseInt(line, 10)}`,
    pid: child.pid!,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}
