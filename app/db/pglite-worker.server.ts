// The embedded database's own thread (started by pglite-thread.server.ts): PGlite and the
// PostgreSQL it runs in WebAssembly, answering the requests the main thread posts. Kept to
// PGlite and node: it is a second entry of the server build (vite.config.ts).
import { parentPort, workerData } from "node:worker_threads";

import type { PGlite, Results, Transaction } from "@electric-sql/pglite";

import { createPglite } from "./pglite-options.server";
import type { ThreadReply, ThreadRequest, ThreadStart } from "./pglite-thread-protocol.server";

const port = parentPort!;
const { dataDir } = workerData as ThreadStart;

/** Open transactions, each waiting for its end; end() settles once COMMIT or ROLLBACK has run. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => Promise<void> }>();
const unlisteners = new Map<number, () => Promise<void>>();
let nextTransaction = 1;

// drizzle reads some types as PostgreSQL's text (its parsers are functions, which cannot cross
// threads): the main thread sends their type ids, and they are read as text here.
const asText = (value: string) => value;

/** How the main thread's rollback reaches PGlite's transaction, which rolls back when its function throws. */
class RolledBack extends Error {}

function reply(message: ThreadReply): void {
  port.postMessage(message);
}

/**
 * An error as plain data: its message and PostgreSQL's fields (code, constraint, detail...), what
 * can cross threads (PGlite also attaches the query's options, whose parsers are functions).
 */
function errorData(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.entries(error).filter(([, value]) => ["string", "number", "boolean"].includes(typeof value));
  return { ...Object.fromEntries(fields), name: error.name, message: error.message };
}

const results = ({ rows, fields, affectedRows }: Results) => ({ rows, fields, affectedRows });

async function run(pg: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.kind) {
    case "query": {
      const runner = request.tx ? transactions.get(request.tx)!.tx : pg;
      const parsers = request.textTypes && Object.fromEntries(request.textTypes.map((type) => [type, asText]));
      return results(await runner.query(request.sql, request.params, { rowMode: request.rowMode, parsers }));
    }
    case "exec": {
      const runner = request.tx ? transactions.get(request.tx)!.tx : pg;
      return (await runner.exec(request.sql)).map(results);
    }
    case "begin": {
      const id = nextTransaction++;
      return new Promise<number>((begun, failed) => {
        const ended: Promise<void> = pg.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              transactions.set(id, {
                tx,
                end: (ok) => {
                  if (ok) commit();
                  else rollback(new RolledBack());
                  return ended;
                },
              });
              begun(id);
            }),
        );
        // Before begun: BEGIN itself failed. After: the end's answer reports it.
        ended.catch(failed);
      });
    }
    case "end": {
      const transaction = transactions.get(request.tx)!;
      transactions.delete(request.tx);
      try {
        await transaction.end(request.commit);
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
      return undefined;
    }
    case "listen": {
      const { channel, listener } = request;
      unlisteners.set(listener, await pg.listen(channel, (payload) => reply({ kind: "notify", listener, payload })));
      return undefined;
    }
    case "unlisten":
      await unlisteners.get(request.listener)?.();
      unlisteners.delete(request.listener);
      return undefined;
    case "close":
      if (!pg.closed) await pg.close();
      return undefined;
  }
}

try {
  const pg = await createPglite({ dataDir });
  port.on("message", (request: ThreadRequest) => {
    const { id } = request;
    const failed = (error: unknown) => reply({ kind: "answer", id, ok: false, error: errorData(error) });
    run(pg, request).then((result) => {
      try {
        reply({ kind: "answer", id, ok: true, result });
      } catch (error) {
        // A value that cannot cross threads: the caller gets the reason, the thread carries on.
        failed(error);
      }
    }, failed);
  });
  reply({ kind: "ready" });
} catch (error) {
  reply({ kind: "failed", error: errorData(error) });
}
