import { eq, isNull } from "drizzle-orm";

import { db, openDatabase, setDatabase } from "~/db/client.server";
import { eventDeliveries, outboxEvents } from "~/db/schema";
import { runOutbox } from "~/services/outbox/worker.server";

// One outbox worker in a process of its own, on DATABASE_URL (tests/integration/outbox.test.ts
// runs two at once): prints "ready" once its database is open, starts on a line from stdin, runs
// until no event or delivery is left to do and prints how many attempts it made.

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, maxConnections: 2 });
setDatabase(database);
console.log("ready");
await new Promise((resolve) => process.stdin.once("data", resolve));

async function workLeft(): Promise<boolean> {
  const undispatched = await db().$count(outboxEvents, isNull(outboxEvents.dispatchedAt));
  const pending = await db().$count(eventDeliveries, eq(eventDeliveries.status, "pending"));
  return undispatched + pending > 0;
}

let made = 0;
for (;;) {
  const attempts = await runOutbox();
  made += attempts;
  // The other worker may hold what is left: wait for it rather than stop.
  if (attempts === 0 && !(await workLeft())) break;
  if (attempts === 0) await new Promise((resolve) => setTimeout(resolve, 20));
}
console.log(`attempts ${made}`);
await database.close();
