import { sql } from "drizzle-orm";

import type { AppDatabase, SqlRunner } from "../../app/db/client.server";

// The rows of `npm run bench -- --scale`, written by the database itself with generate_series:
// a million rows cost one statement per batch instead of a million round trips from JS. The
// statement-level triggers of the admin-scale migration keep `counters` and `chat_sessions` in
// step once per statement, which the check at the end confirms.

export const SCALE_SIZES = {
  small: { orders: 1_000, chatMessages: 10_000, chatSessions: 1_000, contactMessages: 1_000, pageViews: 10_000 },
  large: {
    orders: 1_000_000,
    chatMessages: 1_000_000,
    chatSessions: 100_000,
    contactMessages: 100_000,
    pageViews: 10_000_000,
  },
} as const;
/** The days of visit counts seeded, ending today: three years, as Admin → Insights keeps them. */
const VISIT_DAYS = 3 * 365;
export type ScaleSize = keyof typeof SCALE_SIZES;
export type ScaleCounts = (typeof SCALE_SIZES)[ScaleSize];

const FIRST_NAMES = [
  "Ada",
  "Alan",
  "Grace",
  "Linus",
  "Margaret",
  "Dennis",
  "Barbara",
  "Ken",
  "Frances",
  "Edsger",
  "Radia",
  "Donald",
  "Hedy",
  "John",
  "Katherine",
  "Tim",
  "Annie",
  "Claude",
  "Karen",
  "Niklaus",
  "Sophie",
  "Bjarne",
  "Joan",
  "Guido",
  "Adele",
  "James",
  "Evelyn",
  "Larry",
  "Jean",
  "Rasmus",
  "Carol",
  "Yukihiro",
  "Mary",
  "Brendan",
  "Shafi",
  "Anders",
  "Lynn",
  "Ward",
  "Cynthia",
  "Brian",
];
const LAST_NAMES = [
  "Lovelace",
  "Turing",
  "Hopper",
  "Torvalds",
  "Hamilton",
  "Ritchie",
  "Liskov",
  "Thompson",
  "Allen",
  "Dijkstra",
  "Perlman",
  "Knuth",
  "Lamarr",
  "McCarthy",
  "Johnson",
  "Berners",
  "Easley",
  "Shannon",
  "Sparck",
  "Wirth",
  "Wilson",
  "Stroustrup",
  "Clarke",
  "Rossum",
  "Goldberg",
  "Gosling",
  "Boyd",
  "Page",
  "Sammet",
  "Lerdorf",
  "Shaw",
  "Matsumoto",
  "Keller",
  "Eich",
  "Goldwasser",
  "Hejlsberg",
  "Conway",
  "Cunningham",
  "Dwork",
  "Kernighan",
  "Bartik",
  "Backus",
  "Naur",
  "Milner",
  "Floyd",
  "Hoare",
  "Lampson",
  "Kay",
  "Engelbart",
  "Cerf",
];
const SERVICE_NAMES = [
  "Lead capture to CRM",
  "Invoice automation",
  "Support inbox triage",
  "Weekly KPI report",
  "E-commerce order sync",
  "AI chat assistant",
  "Appointment reminders",
  "Social media scheduler",
];

/**
 * A client name the orders of every size contain (row 127: first name 1 + 127 % 40, last name
 * 1 + (127 / 40) % 50), so the search is timed on a hit at 1k rows as at 1M; and a contact
 * message sender likewise. For the chats, words of one conversation in 300 (chatSql's s % 300).
 */
export const SEARCH_NAMES = {
  orders: `${FIRST_NAMES[127 % 40]} ${LAST_NAMES[Math.floor(127 / 40) % 50]}`,
  messages: `${FIRST_NAMES[(127 + 11) % 40]} ${LAST_NAMES[Math.floor(127 / 40) % 50]}`,
  chats: "about 127 a month",
  /** In every conversation: the search finds a page's worth among the newest. */
  chatsCommon: "invoices",
  /** In none: the search must know there is nothing without reading every conversation. */
  chatsAbsent: "quarterly",
};

/** Rows per statement: bounds the memory of the transition tables the triggers read. */
const BATCH = 200_000;
const TABLES = ["orders", "chat_messages", "contact_messages"] as const;
const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]`;

function batches(total: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let from = 1; from <= total; from += BATCH) ranges.push([from, Math.min(total, from + BATCH - 1)]);
  return ranges;
}

// Pairs of orders share a created_at (i / 2), so the pages cross ties broken by id.
const ordersSql = (from: number, to: number) => `
  insert into orders (client_name, client_email, client_phone, service_name, setup_price, monthly_price,
    total_price, notes, status, payment_method, order_date, created_at, updated_at)
  select n.first || ' ' || n.last, lower(n.first || '.' || n.last || i || '@example.com'),
    '+1 555 ' || lpad((i % 10000)::text, 4, '0'), (${sqlArray(SERVICE_NAMES)})[1 + i % ${SERVICE_NAMES.length}],
    100 + (i % 50) * 10, (i % 5) * 10, 100 + (i % 50) * 10 + (i % 5) * 10,
    case when i % 7 = 0 then 'Please call in the morning, we are in a hurry to automate this.' end,
    (array['paid', 'pending', 'paid', 'cancelled', 'paid'])[1 + i % 5]::order_status,
    case when i % 5 in (0, 2, 4) then 'card' end, t.at, t.at, t.at
  from generate_series(${from}, ${to}) i,
    lateral (select now() - make_interval(secs => (i / 2) * 90) as at) t,
    lateral (select (${sqlArray(FIRST_NAMES)})[1 + i % 40] as first,
                    (${sqlArray(LAST_NAMES)})[1 + (i / 40) % 50] as last) n`;

// Conversations of `perSession` messages, visitor and bot taking turns; the newest conversation first.
const chatSql = (from: number, to: number, perSession: number) => `
  insert into chat_messages (session_id, message, is_user_message, answered_by, created_at)
  select 'bench-' || lpad(s::text, 7, '0'),
    case when k % 2 = 0 then 'Hello, could you automate our invoices? We send about ' || (s % 300) || ' a month.'
         else 'Certainly: an n8n workflow can read them from your inbox and file them. Shall I book a call?' end,
    k % 2 = 0, case when k % 2 = 1 then 'canned' end,
    now() - make_interval(secs => s * 600 - k * 20)
  from generate_series(${from - 1}, ${to - 1}) i,
    lateral (select i / ${perSession} as s, i % ${perSession} as k) p`;

const contactSql = (from: number, to: number) => `
  insert into contact_messages (name, email, message, is_read, created_at)
  select n.first || ' ' || n.last, lower(n.first || '.' || n.last || i || '@example.org'),
    'Hi, we would like to automate our onboarding emails and the weekly report. Message ' || i || '.',
    i % 10 <> 0, now() - make_interval(secs => i * 300)
  from generate_series(${from}, ${to}) i,
    lateral (select (${sqlArray(FIRST_NAMES)})[1 + (i + 11) % 40] as first,
                    (${sqlArray(LAST_NAMES)})[1 + (i / 40) % 50] as last) n`;

const harmonic = (n: number) => Array.from({ length: n }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b, 0);

// Daily visit_counts rows as visit counting writes them (app/db/schema.ts, "visits"): the day's
// total, then its views shared out over 40 pages, 15 sources and 8 campaigns (most to the first,
// as real traffic is), 4 media and 3 device classes; visitors about 40 % of views.
const visitsSql = (pageViews: number) => `
  insert into visit_counts (day, dimension, value, views, visitors)
  select current_date - d, v.dimension, v.value, greatest(1, (t.views * v.share)::int),
    greatest(1, (t.views * v.share * 0.4)::int)
  from generate_series(0, ${VISIT_DAYS - 1}) d,
    lateral (select ${pageViews / VISIT_DAYS} * (0.75 + 0.5 * ((d * 37) % 100) / 100.0) as views) t,
    (select 'total' as dimension, '' as value, 1.0 as share
     union all select 'page', '/page-' || p, (1.0 / p) / ${harmonic(40)} from generate_series(1, 40) p
     union all select 'source', 'source-' || p || '.example', 0.6 * (1.0 / p) / ${harmonic(15)} from generate_series(1, 15) p
     union all select 'utm_medium', (array['email', 'social', 'cpc', 'referral'])[p], 0.025 from generate_series(1, 4) p
     union all select 'utm_campaign', 'campaign-' || p, 0.1 * (1.0 / p) / ${harmonic(8)} from generate_series(1, 8) p
     union all select 'device', (array['mobile', 'tablet', 'desktop'])[p], (array[0.5, 0.1, 0.4])[p]
       from generate_series(1, 3) p) v`;

export interface SeedFigures {
  size: ScaleSize;
  counts: ScaleCounts;
  /** Inserting the rows (indexes dropped), rebuilding the indexes, VACUUM ANALYZE, and all of it. */
  insertMs: number;
  indexMs: number;
  analyzeMs: number;
  totalMs: number;
  /** Counter names whose value differs from a count of the rows (none when the triggers kept up). */
  counterMismatches: string[];
}

async function timed(work: () => Promise<void>): Promise<number> {
  const startedAt = performance.now();
  await work();
  return performance.now() - startedAt;
}

/**
 * Fills a migrated, empty database. The secondary indexes of the three tables are dropped first and
 * built again from their own definitions afterwards: one sort per index instead of a million
 * insertions into each, and whatever indexes the migrations define are the ones rebuilt.
 */
export async function seedScale(database: AppDatabase, size: ScaleSize): Promise<SeedFigures> {
  const counts = SCALE_SIZES[size];
  const perSession = counts.chatMessages / counts.chatSessions;
  const startedAt = performance.now();
  let insertMs = 0;
  let indexMs = 0;
  await database.transaction(async (tx) => {
    if (database.kind === "postgres") await tx.exec("set local maintenance_work_mem = '256MB'");
    const indexes = await tx.query<{ name: string; definition: string }>(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any($1)
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [TABLES],
    );
    indexMs += await timed(async () => {
      for (const index of indexes) await tx.exec(`drop index "${index.name}"`);
    });
    // No chat.conversation_started event per seeded conversation: each would look up its first
    // message in chat_messages while its indexes are dropped, a scan of the table per conversation
    // (the large size's seed ran for over ten minutes on its chat messages). The outbox keeps 30
    // days of events, so a site's real outbox holds a month's conversations, not every one.
    const eventTriggers = ["chat_sessions_started_event_insert", "chat_sessions_started_event_update"];
    for (const trigger of eventTriggers) await tx.exec(`alter table chat_sessions disable trigger ${trigger}`);
    insertMs = await timed(async () => {
      for (const [from, to] of batches(counts.orders)) await tx.exec(ordersSql(from, to));
      for (const [from, to] of batches(counts.chatMessages)) await tx.exec(chatSql(from, to, perSession));
      for (const [from, to] of batches(counts.contactMessages)) await tx.exec(contactSql(from, to));
      await tx.exec(visitsSql(counts.pageViews));
    });
    for (const trigger of eventTriggers) await tx.exec(`alter table chat_sessions enable trigger ${trigger}`);
    indexMs += await timed(async () => {
      for (const index of indexes) await tx.exec(index.definition);
    });
  });
  // As autovacuum would leave them (on the embedded database, app/db/pglite-autovacuum.server.ts):
  // otherwise the app's first minute under the bench would be spent vacuuming.
  const analyzeMs = await timed(async () => {
    await database.db.execute(
      sql.raw(`vacuum (analyze) ${TABLES.join(", ")}, chat_sessions, visit_counts, insight_days`),
    );
  });
  const counterMismatches = await database.transaction(checkCounters);
  return { size, counts, insertMs, indexMs, analyzeMs, totalMs: performance.now() - startedAt, counterMismatches };
}

/** The counters against a count of the rows they stand for. */
async function checkCounters(tx: SqlRunner): Promise<string[]> {
  const [actual] = await tx.query<Record<string, string>>(`
    select
      (select count(*) from orders) as orders,
      (select count(*) from orders where status = 'pending') as orders_pending,
      (select count(*) from orders where status = 'paid') as orders_paid,
      (select count(*) from orders where status = 'cancelled') as orders_cancelled,
      (select coalesce(sum(total_price), 0) from orders where status = 'paid') as orders_revenue_paid,
      (select count(*) from contact_messages) as contact_messages,
      (select count(*) from contact_messages where not is_read) as contact_messages_unread,
      (select count(*) from chat_messages) as chat_messages,
      (select count(*) from chat_sessions) as chat_sessions`);
  const rows = await tx.query<{ name: string; value: string }>("select name, value::text as value from counters");
  const kept = new Map(rows.map((row) => [row.name, Number(row.value)]));
  return Object.entries(actual)
    .filter(([name, value]) => (kept.get(name) ?? 0) !== Number(value))
    .map(([name, value]) => `${name}: counter ${kept.get(name) ?? "missing"}, rows ${value}`);
}

/** Whether a database already holds a seeded size (a kept database reused by `--keep`). */
export async function seededSize(database: AppDatabase): Promise<ScaleSize | null> {
  const [row] = await database.transaction((tx) =>
    tx.query<{ orders: string }>(
      "select coalesce((select value from counters where name = 'orders'), 0)::text as orders",
    ),
  );
  const orders = Number(row?.orders ?? 0);
  return (Object.keys(SCALE_SIZES) as ScaleSize[]).find((size) => SCALE_SIZES[size].orders === orders) ?? null;
}
