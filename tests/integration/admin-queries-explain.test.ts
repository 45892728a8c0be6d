import type { RouteConfigEntry } from "@react-router/dev/routes";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type AppDatabase, openDatabase, setDatabase } from "~/db/client.server";
import routeTable from "~/routes";

import { SEARCH_NAMES, seedScale } from "../../bench/lib/scale-seed";
import { createTestAdmin } from "../support/factories";
import { getRequest, send, sessionFor } from "../support/route-args";
import { createPostgresDatabase, postgresUrl } from "../support/test-database";
import { POSTGRES_TEMPLATE_DB } from "../support/vitest-global-setup";

// Every query an admin page runs can be served by an index. The real loaders run
// through the route table on a seeded Postgres, every statement they send is captured, and each
// SELECT is EXPLAINed with sequential scans switched off: the planner then picks an index wherever
// one can serve the query, so a Seq Scan left in the plan means no index can, and at a million
// rows that page would read the whole table on every view.

const LARGE_TABLES = ["orders", "chat_messages", "chat_sessions", "contact_messages"];
// Pages that are not admin screens: signing in and out.
const OPEN = ["admin/login", "admin/logout"];
// An event stream never ends; its reads are the Chats page's, tested live in chat-live.test.ts.
const STREAMS = ["admin/chats/stream"];
// Any id of the right shape: the edit pages then answer 404 after their lookups.
const SOME_ID = "00000000-0000-4000-8000-000000000000";
// A cursor as the pager writes it (app/lib/keyset.ts), found in a list's loader data.
const CURSOR = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[\w.-]+/;

// A search of the chat messages' text, as containsText (app/db/search.server.ts) writes it.
const CHAT_MESSAGE_SEARCH = 'lower("chat_messages"."message") like';

const DECLARE_CURSOR = /^\s*declare\s+\S+\s+[\w\s]*?\bcursor\s+(with(out)?\s+hold\s+)?for\s+/i;

interface Captured {
  url: string;
  text: string;
  params: readonly unknown[];
}

async function adminPaths(entries: RouteConfigEntry[], parent = ""): Promise<string[]> {
  const paths: string[] = [];
  for (const entry of entries) {
    const full = [parent, entry.path].filter(Boolean).join("/");
    if (full === "admin" || (full.startsWith("admin/") && !OPEN.includes(full) && !STREAMS.includes(full))) {
      paths.push(`/${full.replace(/:\w+/g, SOME_ID)}`);
    }
    paths.push(...(await adminPaths(entry.children ?? [], full)));
  }
  return paths;
}

/** The nodes of a plan that read a large table from start to end. */
function seqScans(plan: Record<string, unknown>): string[] {
  const own = plan["Node Type"] === "Seq Scan" && LARGE_TABLES.includes(String(plan["Relation Name"]));
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [...(own ? [String(plan["Relation Name"])] : []), ...children.flatMap(seqScans)];
}

describe("the queries of the admin pages", () => {
  const captured: Captured[] = [];
  let currentUrl: string | null = null;
  let database: AppDatabase;
  let explainer: postgres.Sql;

  beforeAll(async () => {
    const url = postgresUrl(await createPostgresDatabase({ template: POSTGRES_TEMPLATE_DB }));
    database = await openDatabase({
      databaseUrl: url,
      maxConnections: 2,
      onQuery: (text, params) => {
        if (currentUrl) captured.push({ url: currentUrl, text, params });
      },
    });
    setDatabase(database);
    // The bench's rows at its small size: enough for the planner's statistics to be a list's.
    await seedScale(database, "small");
    explainer = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
    await explainer.unsafe("set enable_seqscan = off");
  });

  afterAll(async () => {
    setDatabase(undefined);
    await explainer?.end();
    await database?.close();
  });

  it("can serve every SELECT of every admin page from an index", async () => {
    const admin = await createTestAdmin(database.db, { role: "super_admin" });
    const cookie = await sessionFor(admin);
    const [session] = await explainer<[{ id: string }]>`select session_id as id from chat_sessions limit 1`;
    // Each page plainly and with the parameters the lists take; a page ignores those it has none of.
    const variants = ["", "?status=pending", "?q=lovelace", "?last=1", `?session=${session.id}`];
    // Parameters one page takes: the Chats search and days, and a Personal Data search,
    // which looks for the address in every chat message. The search is for a rare text (one
    // conversation in 300 of the seed's has it): for a common one, the planner rightly walks the
    // conversations newest first and probes each one's messages, stopping at a page's worth.
    const rare = `?q=${encodeURIComponent(SEARCH_NAMES.chats)}`;
    const days = "from=2026-01-01&to=2026-12-31";
    const own: Record<string, string[]> = {
      "/admin/chats": [rare, `?${days}`, `${rare}&${days}`],
      "/admin/personal-data": ["?email=ada.lovelace@example.com"],
    };
    const answers: string[] = [];
    for (const pagePath of await adminPaths(routeTable)) {
      const urls = [...variants, ...(own[pagePath] ?? [])].map((query) => pagePath + query);
      for (let i = 0; i < urls.length; i++) {
        currentUrl = urls[i];
        const answer = await send(getRequest(urls[i], cookie));
        currentUrl = null;
        if (answer.status >= 500) answers.push(`${urls[i]} answered ${answer.status}`);
        // The next and previous pages (with the filter of the variant), from a cursor the page hands its pager.
        const cursor =
          i < variants.length + (own[pagePath]?.length ?? 0)
            ? CURSOR.exec(JSON.stringify(answer.loaderData))?.[0]
            : undefined;
        if (cursor) {
          const join = urls[i].includes("?") ? "&" : "?";
          for (const side of ["after", "before"]) urls.push(`${urls[i]}${join}${side}=${encodeURIComponent(cursor)}`);
        }
      }
    }
    expect(answers).toEqual([]);

    // A streamed export may read through `declare ... cursor for <select>`: its select is the query.
    const selects = captured
      .map((query) => ({ ...query, text: query.text.replace(DECLARE_CURSOR, "") }))
      .filter(({ text }) => /^\s*(select|with)\b/i.test(text));
    const seen = new Set<string>();
    const offenders: string[] = [];
    const tablesRead = new Set<string>();
    const searches: string[] = [];
    for (const { url, text, params } of selects) {
      const key = text + JSON.stringify(params);
      if (seen.has(key)) continue;
      seen.add(key);
      const [row] = await explainer.unsafe(`explain (format json) ${text}`, params as never[]);
      const plan = (row["QUERY PLAN"] as [{ Plan: Record<string, unknown> }])[0].Plan;
      for (const table of LARGE_TABLES)
        if (JSON.stringify(plan).includes(`"Relation Name":"${table}"`)) tablesRead.add(table);
      for (const table of seqScans(plan))
        offenders.push(`${url}: Seq Scan on ${table} in\n  ${text.replace(/\s+/g, " ")}`);
      // Sequential scans off, a search of the million chat messages with no trigram index walks a
      // whole btree index instead, which is no Seq Scan: the plan must name the trigram index.
      if (text.includes(CHAT_MESSAGE_SEARCH) && !JSON.stringify(plan).includes('"chat_messages_search_idx"')) {
        searches.push(`${url}: no trigram index in\n  ${text.replace(/\s+/g, " ")}`);
      }
    }
    // The test saw the lists it guards (were the capture to break, nothing would be checked).
    expect([...tablesRead].sort()).toEqual(expect.arrayContaining(["chat_messages", "contact_messages", "orders"]));
    expect(offenders).toEqual([]);
    expect(searches).toEqual([]);
  });
});
