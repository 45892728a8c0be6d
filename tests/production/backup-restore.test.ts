import { appendFileSync, copyFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "~/db/client.server";

import { ROOT, runCommand, type RunningServer, startBuiltServer, stopBuiltServer } from "../support/built-server";
import { unique } from "../support/factories";
import { reportFault } from "../support/fault-report";
import { HttpVisitor } from "../support/http-visitor";
import { checkoutCompleted, newWebhookSecret, signedDelivery, stripeId } from "../support/stripe-events";

// Reliability: backups of the embedded database, with `npm run db:backup` and
// `npm run db:restore` as an operator runs them, on a database the built server filled over HTTP
// with rows in every table. The restored copy must match it row for row and sequence for
// sequence, and start as a working site.

const OWNER = { username: "owner", password: "owner-password-123" };
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-backup-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const npmRun = (script: string, dataDir: string, ...args: string[]) =>
  runCommand(["npm", "run", "--silent", script, "--", ...args], { DATA_DIR: dataDir });

/** What visitors and an admin leave behind: every table of the schema gets rows. */
async function fillEveryTable(url: string): Promise<void> {
  const visitor = new HttpVisitor(url);
  const admin = new HttpVisitor(url);
  await admin.signIn(OWNER.username, OWNER.password);
  const webhookSecret = newWebhookSecret();
  const answers = [
    // With an uploaded image: a row in images, and files under DATA_DIR/images.
    await admin.post(
      "/admin/services/new",
      formData({
        name: unique("Backup service"),
        category: "notifications",
        description: "Sends alerts.",
        setupPrice: "149",
        monthlyPrice: "29",
        isActive: "on",
        imageFile: new File([PNG], "service.png", { type: "image/png" }),
      }),
    ),
    await admin.post("/admin/webhooks/new", {
      name: unique("Hook"),
      url: "https://hooks.example/chat",
      method: "POST",
    }),
    // The outbox: an event webhook (its signing secret sealed too); its host never resolves
    // (.invalid, RFC 2606), so each order leaves a failed attempt. A private address is refused at save.
    await admin.post("/admin/webhooks/events/new", {
      name: unique("Events"),
      url: "https://events.invalid/events",
      events: "order.created",
      isActive: "on",
    }),
    // Secrets, sealed with the site's key: a restore has to bring that key along.
    await admin.post("/admin/integrations", {
      stripeSecretKey: unique("sk_live").replace(" ", "_"),
      stripeWebhookSecret: webhookSecret,
    }),
    await visitor.post("/?index", { name: "Casey", email: "casey@example.com", message: "Please call me back" }),
    await visitor.post("/chat", { message: "Can you automate my invoices?" }),
    await sendPhoto(url),
  ];
  expect(answers.map((answer) => answer.status)).toEqual([302, 302, 200, 302, 302, 302, 302]);
  expect(await placeOrder(url)).toBe("/order/submitted");
  // Stripe's word that the order was paid: a payment, and the event's id kept.
  const orderId = /view=([0-9a-f-]{36})/.exec((await admin.get("/admin/orders")).html)![1];
  const event = checkoutCompleted(orderId, { amountTotal: 17_800, currency: "usd", paymentIntent: stripeId("pi") });
  const { body, signature } = signedDelivery(event, webhookSecret);
  const delivered = await fetch(`${url}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body,
  });
  expect(delivered.status).toBe(200);
  // The worker's first attempt at the order's event, logged before the server stops.
  const log = /\/admin\/webhooks\/events\/[0-9a-f-]{36}\/log/.exec((await admin.get("/admin/webhooks")).html)![0];
  await expect.poll(async () => (await admin.get(log)).html, { timeout: 15_000 }).toContain("No answer");
}

/**
 * Rows that need a mail server, a booking page's webhook or a browser to come about through the site: written
 * straight into the stopped site's database, so the backup still has rows in every table.
 */
async function addWhatTheFlowLeavesOut(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await database.transaction(async (tx) => {
      const [order] = await tx.query<{ id: string }>(`select id from orders limit 1`);
      const [booking] = await tx.query<{ id: string }>(
        `insert into bookings (uid, status, attendee_name, attendee_email, start_time, end_time, order_id)
         values ('cal-uid-1', 'booked', 'Casey', 'client@example.com', now() + interval '1 day',
                 now() + interval '1 day 30 minutes', $1) returning id`,
        [order.id],
      );
      await tx.query(
        `insert into booking_events (booking_id, trigger, start_time, end_time, delivery_key)
         select id, 'BOOKING_CREATED', start_time, end_time, 'delivery-1' from bookings where id = $1`,
        [booking.id],
      );
      await tx.query(`insert into staff_notes (order_id, author_name, body) values ($1, 'Owner', 'Call on Monday')`, [
        order.id,
      ]);
      await tx.query(
        `insert into staff_emails (order_id, author_name, to_address, subject, body)
         values ($1, 'Owner', 'client@example.com', 'Your call', 'See you on Monday')`,
        [order.id],
      );
      await tx.query(`insert into insight_summaries (month) values (date_trunc('month', now())::date)`);
      // Visit counts: the requests above send no browser's user agent, so none of them is a visit.
      await tx.query(`insert into visit_counts (day, dimension, value, views, visitors) values (current_date, 'total', '', 1, 1)
        on conflict do nothing`);
      await tx.query(`insert into visit_salts (day, salt) values (current_date, 'salt') on conflict do nothing`);
      await tx.query(`insert into visit_visitors (day, dimension, value, visitor) values (current_date, 'total', '', 1)
        on conflict do nothing`);
    });
  } finally {
    await database.close();
  }
}

function formData(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

async function sendPhoto(url: string) {
  const form = new FormData();
  form.set("message", "my workflow, attached");
  form.set("image", new File([PNG], "photo.png", { type: "image/png" }));
  const response = await fetch(`${url}/chat`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url },
    body: form,
  });
  await response.arrayBuffer();
  return response;
}

/** Orders the first service the order page offers; returns where the site sent the visitor. */
async function placeOrder(url: string): Promise<string | null> {
  const visitor = new HttpVisitor(url);
  const serviceId = /<option[^>]*value="([0-9a-f-]{36})"/.exec((await visitor.get("/order")).html)?.[1];
  expect(serviceId).toBeDefined();
  const answer = await visitor.post("/order", {
    clientName: unique("Client"),
    clientEmail: "client@example.com",
    terms: "on",
    serviceId: serviceId!,
  });
  return answer.location;
}

/**
 * Every table's rows (as JSON, sorted) and every sequence's position, found through
 * information_schema, so a table added later is covered without a change here.
 */
async function contents(dataDir: string): Promise<Map<string, string[]>> {
  const database = await openDatabase({ dataDir });
  try {
    return await database.transaction(async (tx) => {
      const relations = await tx.query<{ name: string; kind: string }>(`
        select format('%I.%I', table_schema, table_name) as name, 'table' as kind
          from information_schema.tables
         where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        union all
        select format('%I.%I', sequence_schema, sequence_name), 'sequence' from information_schema.sequences
        order by 2, 1`);
      const found = new Map<string, string[]>();
      for (const { name, kind } of relations) {
        const columns =
          kind === "table" ? "to_jsonb(t)" : "jsonb_build_object('last_value', last_value, 'is_called', is_called)";
        const rows = await tx.query<{ row: string }>(`select ${columns}::text as row from ${name} t order by 1`);
        found.set(
          `${kind} ${name}`,
          rows.map(({ row }) => row),
        );
      }
      return found;
    });
  } finally {
    await database.close();
  }
}

/** Rows of `source` found unchanged in `restored`, table by table (a multiset match). */
function rowsFound(source: Map<string, string[]>, restored: Map<string, string[]>): number {
  let found = 0;
  for (const [table, rows] of source) {
    const left = [...(restored.get(table) ?? [])];
    for (const row of rows) {
      const at = left.indexOf(row);
      if (at >= 0) {
        left.splice(at, 1);
        found++;
      }
    }
  }
  return found;
}

const tablesOf = (contents: Map<string, string[]>) => [...contents].filter(([name]) => name.startsWith("table "));

it(
  "a backup of a site with rows in every table restores row for row into a new DATA_DIR, which then runs the site",
  { timeout: 240_000 },
  async () => {
    const source = tempDir();
    let server: RunningServer = await startBuiltServer({
      DATA_DIR: source,
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
    });
    try {
      await fillEveryTable(server.url);
      const refused = await npmRun("db:backup", source);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`The embedded database in ${source} is in use by process`);
      expect(refused.stderr).toContain("Stop the site, run npm run db:backup, and start it again");
    } finally {
      await stopBuiltServer(server);
    }
    await addWhatTheFlowLeavesOut(source);

    const file = path.join(tempDir(), "site.sql");
    const backup = await npmRun("db:backup", source, file);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up the database in ${source} to ${file}`);
    expect(backup.stdout).toContain("a restore needs that key");
    expect(backup.stdout).toContain(`copy ${path.join(source, "uploads")} along with the backup`);
    expect(backup.stdout).toContain(`copy ${path.join(source, "images")} along with the backup`);

    // A new DATA_DIR has a secrets key of its own, which cannot open the backup's secrets.
    const target = tempDir();
    const withoutKey = await npmRun("db:restore", target, file);
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.stderr).toContain("encrypted with a key this site does not have");
    copyFileSync(path.join(source, "secrets-key"), path.join(target, "secrets-key"));
    const restore = await npmRun("db:restore", target, file);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const again = await npmRun("db:restore", target, file);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${target} already holds a database`);

    const before = await contents(source);
    const after = await contents(target);
    const tables = tablesOf(before);
    for (const [table, rows] of tables) expect(rows.length, `${table} has rows to back up`).toBeGreaterThan(0);
    expect(after).toEqual(before);
    const rows = tables.reduce((sum, [, tableRows]) => sum + tableRows.length, 0);

    server = await startBuiltServer({ DATA_DIR: target });
    try {
      // The restored database is this site's: nothing seeded over it, no first admin made.
      expect(server.output()).not.toContain("empty database seeded");
      expect(server.output()).not.toMatch(/Password:/);
      expect((await fetch(server.url)).status).toBe(200);
      await new HttpVisitor(server.url).signIn(OWNER.username, OWNER.password);
      expect(await placeOrder(server.url)).toBe("/order/submitted");
    } finally {
      await stopBuiltServer(server);
    }
    const orders = (data: Map<string, string[]>) => data.get("table public.orders")!.length;
    expect(orders(await contents(target))).toBe(orders(before) + 1);

    const lost = reportFault(`backup and restore of ${tables.length} tables`, {
      sent: rows,
      acknowledged: rows,
      found: rowsFound(new Map(tables), after),
    });
    expect(lost).toBe(0);
  },
);

describe("a file that is not this site's backup", () => {
  let backup: string;
  beforeAll(async () => {
    // A new site's database, as the build's template makes it, backed up as an operator would.
    const source = tempDir();
    cpSync(path.join(ROOT, "build", "pglite-template"), path.join(source, "pgdata"), { recursive: true });
    backup = path.join(tempDir(), "site.sql");
    const made = await npmRun("db:backup", source, backup);
    expect(made.code).toBe(0);
  }, 120_000);

  /** The backup with `sql` added at its end, in a file of its own. */
  function tampered(sql: string): string {
    const file = path.join(tempDir(), "tampered.sql");
    copyFileSync(backup, file);
    appendFileSync(file, `\n${sql}\n`);
    return file;
  }

  /** What a failed restore must not leave in DATA_DIR: a database, a half-built one, a lock. */
  const leftovers = (dataDir: string) =>
    readdirSync(dataDir).filter((name) => ["pgdata", "pgdata.partial", "pglite.lock"].includes(name));

  it.each([
    ["COPY public.orders TO '/tmp/orders.csv';", "COPY public.orders TO"],
    ["COPY public.orders TO PROGRAM 'true';", "COPY public.orders TO PROGRAM"],
    ["SELECT pg_sleep(3600);", "SELECT pg_sleep(3600)"],
  ])("refuses a dump with %s before running any of it", { timeout: 60_000 }, async (sql, named) => {
    const target = tempDir();
    const restore = await npmRun("db:restore", target, tampered(sql));
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("The file is not a backup this site can restore");
    expect(restore.stderr).toContain(named);
    expect(leftovers(target)).toEqual([]);
  });

  it("stops a restore that runs past its time limit, and leaves nothing in DATA_DIR", { timeout: 60_000 }, async () => {
    // Statements of the kinds pg_dump writes, whose index build never ends.
    const slow = tampered(
      [
        "CREATE FUNCTION public.slow(text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT $1 FROM pg_sleep(3600) $$;",
        "CREATE INDEX counters_slow ON public.counters USING btree (public.slow(name));",
      ].join("\n"),
    );
    const target = tempDir();
    // Past Node's largest timer (2^31 - 1 ms) a limit would fire at once: refused before anything runs.
    const tooLong = await npmRun("db:restore", target, "--time-limit", "2147484", backup);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain("--time-limit must be a number of seconds above 0 and at most 2147483.");
    expect(leftovers(target)).toEqual([]);
    const startedAt = performance.now();
    const restore = await npmRun("db:restore", target, "--time-limit", "3", slow);
    expect(performance.now() - startedAt).toBeLessThan(30_000);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("The restore did not finish within 3 seconds and was stopped");
    expect(leftovers(target)).toEqual([]);

    // Nothing stands in the way of the real backup's restore there.
    const again = await npmRun("db:restore", target, backup);
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
  });
});
