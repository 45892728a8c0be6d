import { Worker } from "node:worker_threads";

import type { QueryOptions, Results } from "@electric-sql/pglite";

import { log } from "~/lib/log.server";

import type { ThreadReply, ThreadRequest, ThreadStart } from "./pglite-thread-protocol.server";

// The embedded database runs on a thread of its own: PGlite is PostgreSQL compiled to
// WebAssembly, and every statement it runs is CPU time of the thread that called it. On the main
// thread a chat message's storage, a rate limit's count or an admin's report held up every
// visitor's request behind it; on its own thread they run beside them (on a second core where
// there is one). The main thread sees the same calls as PGlite's (query, exec, transaction,
// listen, close), so drizzle and the migrator use it as they use PGlite.

/** The part of a query's options that crosses threads: drizzle's parsers are all "read as text". */
type ThreadQueryOptions = Pick<QueryOptions, "rowMode" | "parsers">;

export interface PgliteQueries {
  query<Row>(sql: string, params?: unknown[], options?: ThreadQueryOptions): Promise<Results<Row>>;
  exec(sql: string): Promise<Results[]>;
}

export interface PgliteThread extends PgliteQueries {
  transaction<T>(fn: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** A request before it is numbered: each kind of request without its id. */
type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
type ThreadCall = WithoutId<ThreadRequest>;

/** An error from the database's thread, with PostgreSQL's fields (code, constraint...) as PGlite gives them. */
export class EmbeddedDatabaseError extends Error {
  constructor(data: Record<string, unknown>) {
    super(String(data.message));
    Object.assign(this, data, { name: "EmbeddedDatabaseError" });
  }
}

/**
 * The thread's program: in the server build, its own entry beside the app's (vite.config.ts);
 * from source (development, tests), the TypeScript, loaded through tsx's loader (Node 20's workers
 * do not take it from `--import`), which the project's node_modules has.
 */
function workerProgram(): URL | string {
  if (!import.meta.url.endsWith(".ts")) return new URL("./pglite-worker.js", import.meta.url);
  const program = new URL("./pglite-worker.server.ts", import.meta.url).href;
  return `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(program)}); })`;
}

/** Opens the PGlite data directory `dataDir` on a thread of its own; rejects with PGlite's error if it cannot. */
export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const program = workerProgram();
  const worker = new Worker(program, {
    eval: typeof program === "string",
    workerData: { dataDir } satisfies ThreadStart,
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let nextListener = 1;
  let stopped: Error | undefined;
  let closed = false;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on("message", (reply: ThreadReply) => {
      switch (reply.kind) {
        case "ready":
          return resolve();
        case "failed":
          return reject(new EmbeddedDatabaseError(reply.error));
        case "notify":
          return listeners.get(reply.listener)?.(reply.payload);
        case "answer": {
          const call = pending.get(reply.id);
          pending.delete(reply.id);
          if (reply.ok) call?.resolve(reply.result);
          else call?.reject(new EmbeddedDatabaseError(reply.error));
        }
      }
    });
    const stop = (error: Error) => {
      // Every query fails from then on, and so does the health check (server/app.ts), which
      // has the platform restart the process.
      if (!stopped) log.error("the embedded database stopped", { error });
      stopped ??= error;
      for (const call of pending.values()) call.reject(stopped);
      pending.clear();
      reject(stopped);
    };
    worker.on("error", (error) => stop(new Error(`the embedded database's thread failed: ${String(error)}`)));
    worker.on("exit", (code) => stop(new Error(`the embedded database's thread stopped (exit code ${code})`)));
  });

  function call<T>(request: ThreadCall): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A parameter that cannot cross threads (DataCloneError): this call fails, nothing waits.
        pending.delete(id);
        reject(error as Error);
      }
    });
  }

  const queries = (tx?: number): PgliteQueries => ({
    query: (sql, params, options) =>
      call({
        kind: "query",
        sql,
        params,
        tx,
        rowMode: options?.rowMode,
        textTypes: options?.parsers && Object.keys(options.parsers).map(Number),
      }),
    exec: (sql) => call({ kind: "exec", sql, tx }),
  });

  try {
    await ready;
  } catch (error) {
    stopped ??= error as Error;
    await worker.terminate();
    throw error;
  }
  return {
    ...queries(),
    async transaction(fn) {
      const tx = await call<number>({ kind: "begin" });
      let result;
      try {
        result = await fn(queries(tx));
      } catch (error) {
        await call({ kind: "end", tx, commit: false });
        throw error;
      }
      await call({ kind: "end", tx, commit: true });
      return result;
    },
    async listen(channel, onNotify) {
      const listener = nextListener++;
      listeners.set(listener, onNotify);
      await call({ kind: "listen", channel, listener });
      return async () => {
        listeners.delete(listener);
        await call({ kind: "unlisten", listener });
      };
    },
    async close() {
      if (closed) return;
      await call({ kind: "close" });
      closed = true;
      stopped = new Error("the embedded database is closed");
      await worker.terminate();
    },
    get closed() {
      return closed;
    },
  };
}
