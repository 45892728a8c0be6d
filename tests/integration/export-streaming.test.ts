import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";

import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterEach, expect, it } from "vitest";

import { csvStream } from "~/lib/csv";

// The orders export of a million rows in constant memory. The export is a csvStream
// that @react-router/express hands to writeReadableStreamToWritable (@react-router/node), through
// the compression middleware server/main.ts sets up. Both packages are patched (patches/): these
// tests fail on them as published.

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

const CHUNK_CHARACTERS = 256 * 1024;
/** Incompressible text, so the compression stream holds back as much as the socket would. */
const batch = () => randomBytes((CHUNK_CHARACTERS * 3) / 4).toString("base64");

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.closeAllConnections()));

it("lets each chunk of the file go once it is written, not when the download ends", async () => {
  // What writeReadableStreamToWritable wrote: the chunks' memory, watched without keeping it.
  const written: WeakRef<ArrayBufferLike>[] = [];
  let keptWhileStreaming = -1;
  const slowSocket = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(new WeakRef(chunk.buffer));
      if (written.length !== 30) return setImmediate(done);
      // In a task of its own: a WeakRef keeps its target until the task that made it ends.
      setImmediate(() => {
        collectGarbage();
        keptWhileStreaming = written.slice(0, 25).filter((ref) => ref.deref() !== undefined).length;
        done();
      });
    },
  });
  async function* records() {
    for (let n = 0; n < 40; n++) yield batch();
  }
  await writeReadableStreamToWritable(csvStream(["data"], records()), slowSocket);
  expect(written).toHaveLength(41);
  // Published 7.18.4 raced every read against one promise pending for the whole response, which
  // kept each chunk read: 25 of 25 here, a 200 MB file's worth of memory in a real export.
  expect(keptWhileStreaming).toBeLessThanOrEqual(1);
});

it("waits for the compression stream to drain without leaving a listener behind each time", async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  let batchesAsked = 0;
  try {
    const app = express();
    app.use(compression());
    app.get("/export.csv", async (_req, res) => {
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      async function* records() {
        for (; batchesAsked < 40; batchesAsked++) yield batch();
      }
      await writeReadableStreamToWritable(csvStream(["data"], records()), res);
    });
    const server = http.createServer(app).listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<{ encoding?: string; bytes: number }>((resolve, reject) => {
      http
        .get({ port, host: "127.0.0.1", path: "/export.csv", headers: { "Accept-Encoding": "br" } }, (response) => {
          let bytes = 0;
          response.on("data", (chunk: Buffer) => (bytes += chunk.length));
          response.on("end", () => resolve({ encoding: response.headers["content-encoding"], bytes }));
        })
        .on("error", reject);
    });
    expect(answer.encoding).toBe("br");
    expect(answer.bytes).toBeGreaterThan(40 * CHUNK_CHARACTERS * 0.7);
    // A warning is emitted on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", onWarning);
  }
  expect(batchesAsked).toBe(40);
  // Published compression 1.8.2 forwards res.on('drain') to its stream but not res.off: each of
  // the 40 waits left its listener there, and the 11th made Node warn.
  expect(warnings.filter((warning) => warning.startsWith("MaxListenersExceededWarning"))).toEqual([]);
});
