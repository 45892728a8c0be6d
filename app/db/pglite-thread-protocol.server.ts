// What the main thread and the embedded database's thread (pglite-worker.server.ts) say to each
// other: requests numbered by the main thread, each answered once; notifications as they come.

export interface ThreadStart {
  dataDir: string;
}

export type ThreadRequest = { id: number } & (
  | {
      kind: "query";
      sql: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      /** PostgreSQL type ids to read as their text. */
      textTypes?: number[];
      tx?: number;
    }
  | { kind: "exec"; sql: string; tx?: number }
  /** Answered with the transaction's number once BEGIN has run; its queries carry that number. */
  | { kind: "begin" }
  /** Answered once COMMIT (or ROLLBACK) has run; a failed COMMIT is the answer's error. */
  | { kind: "end"; tx: number; commit: boolean }
  /** `listener`: the main thread's number for this subscription, which its notifications carry. */
  | { kind: "listen"; channel: string; listener: number }
  | { kind: "unlisten"; listener: number }
  | { kind: "close" }
);

export type ThreadReply =
  | { kind: "ready" }
  | { kind: "failed"; error: Record<string, unknown> }
  | { kind: "answer"; id: number; ok: true; result: unknown }
  | { kind: "answer"; id: number; ok: false; error: Record<string, unknown> }
  | { kind: "notify"; listener: number; payload: string };
