import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import type { KeysetPage } from "~/db/keyset.server";
import { orders } from "~/db/schema";
import type { ListedOrder } from "~/models/orders.server";
import * as exportRoute from "~/routes/admin/orders-export";

import { createTestAdmin } from "../support/factories";
import { getRequest, postRequest, send, sessionFor, TEST_ORIGIN } from "../support/route-args";
import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

type OrdersScreen = {
  page: KeysetPage<ListedOrder>;
  total?: number;
  search: { text?: string; ignored: boolean };
  viewing: { id: string } | null;
  viewingStatusUrl: string | null;
};

const CSV_HEADER =
  "id,order_date,status,client_name,client_email,client_phone,service_name,setup_price,monthly_price,total_price,payment_method,subscription_state,notes";

describe.each(BACKENDS)("admin orders at scale on %s", (backend) => {
  const database = useTestDatabase(backend);
  const query = <Row>(text: string) => database().transaction((tx) => tx.query<Row>(text));
  let cookie: string;

  async function screen(path: string): Promise<OrdersScreen> {
    cookie ??= await sessionFor(await createTestAdmin(db()));
    const answer = await send(getRequest(path, cookie));
    expect(answer.status).toBe(200);
    return answer.loaderData["routes/admin/orders"] as OrdersScreen;
  }

  /**
   * `count` orders named `<tag> n`, in groups of 7 written in one microsecond (ties broken by id),
   * statuses in turn pending, paid, cancelled.
   */
  async function insertOrders(tag: string, count: number) {
    await query(`
      insert into orders (client_name, client_email, service_name, setup_price, monthly_price, total_price, status,
        payment_method, subscription_state, notes, created_at, order_date)
      select '${tag} ' || n, 'client' || n || '@${tag.toLowerCase()}.example', 'Service ' || (n % 5),
        100, 10.5, 110.5, (array['pending', 'paid', 'cancelled']::order_status[])[1 + n % 3],
        case when n % 3 = 1 then (array['Stripe', 'Bank transfer'])[1 + n % 2] end,
        case when n % 3 = 1 then (array['active', 'past_due', 'cancelled'])[1 + n % 4 % 3] end,
        case when n % 11 = 0 then 'Line one, "quoted"' || chr(10) || '=line two' end,
        timestamptz '2026-01-01 00:00:00.123456+00' + (n / 7) * interval '1 hour 0.000001 second',
        timestamptz '2026-01-01 00:00:00+00' + (n / 7) * interval '1 hour'
      from generate_series(1, ${count}) as n`);
  }

  /** Every order of `where`, newest first, as the lists must show them. */
  const idsInOrder = async (where = "true") =>
    (await query<{ id: string }>(`select id from orders where ${where} order by created_at desc, id desc`)).map(
      (row) => row.id,
    );

  it("walks every page forwards and backwards, rows of one microsecond included, with the counters' total", async () => {
    await db().execute(sql`delete from orders`);
    await insertOrders("Walk", 130);
    const expected = await idsInOrder();

    const forwards: string[] = [];
    let path = "/admin/orders";
    for (;;) {
      const { page, total } = await screen(path);
      expect(total).toBe(130);
      // The client's status-page token is a key to that page: the list has no use for it.
      expect(page.rows.filter((row) => "statusToken" in row)).toEqual([]);
      forwards.push(...page.rows.map((row) => row.id));
      if (!page.hasOlder) break;
      path = `/admin/orders?after=${encodeURIComponent(page.oldestCursor!)}`;
    }
    expect(forwards).toEqual(expected);

    const backwards: string[][] = [];
    path = "/admin/orders?last=1";
    for (;;) {
      const { page } = await screen(path);
      backwards.unshift(page.rows.map((row) => row.id));
      if (!page.hasNewer) break;
      path = `/admin/orders?before=${encodeURIComponent(page.newestCursor!)}`;
    }
    // From the end, the first page is shown full, as from the start: it may repeat rows of the second.
    expect([...new Set(backwards.flat())]).toEqual(expected);
    expect(backwards[0]).toEqual(expected.slice(0, 50));

    const paid = await screen("/admin/orders?status=paid&after=not-a-cursor");
    expect(paid.total).toBe(44);
    expect(paid.page.rows.map((row) => row.id)).toEqual((await idsInOrder("status = 'paid'")).slice(0, 50));
  });

  it("searches name, email and service in any case, literally, within the status filter, without a total", async () => {
    await db().execute(sql`delete from orders`);
    const tag = uniqueName("Find").replace(/\W/g, "");
    await insertOrders(tag, 60);
    await query(`
      insert into orders (client_name, client_email, service_name, setup_price, monthly_price, total_price)
      values ('100% Sure_Client', 'percent@example.com', 'Other', 1, 0, 1)`);

    const byName = await screen(`/admin/orders?q=${encodeURIComponent(`${tag.toUpperCase()} 4`)}`);
    expect(byName.total).toBeUndefined();
    expect(byName.page.rows.map((row) => row.clientName).sort()).toEqual(
      [`${tag} 4`, ...Array.from({ length: 10 }, (_, i) => `${tag} ${40 + i}`)].sort(),
    );

    const byEmail = await screen(`/admin/orders?q=client7@${tag.toLowerCase()}`);
    expect(byEmail.page.rows.map((row) => row.clientName)).toEqual([`${tag} 7`]);

    const byServiceAndStatus = await screen(`/admin/orders?status=paid&q=service 3`);
    const expected = await idsInOrder(`status = 'paid' and service_name = 'Service 3'`);
    expect(byServiceAndStatus.page.rows.map((row) => row.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);

    // LIKE's own characters match themselves only.
    const literal = await screen(`/admin/orders?q=${encodeURIComponent("0% sure_")}`);
    expect(literal.page.rows.map((row) => row.clientName)).toEqual(["100% Sure_Client"]);
    expect((await screen(`/admin/orders?q=${encodeURIComponent("_%")}`)).page.rows).toEqual([]);

    const tooShort = await screen("/admin/orders?q=x");
    expect(tooShort.search).toEqual({ ignored: true });
    expect(tooShort.total).toBe(61);
    expect(tooShort.page.rows).toHaveLength(50);
  });

  it("opens an order that is not on the page shown, and ignores a view that names none", async () => {
    await db().execute(sql`delete from orders`);
    await insertOrders("View", 70);
    const [oldest] = (await idsInOrder()).slice(-1);
    const opened = await screen(`/admin/orders?view=${oldest}`);
    expect(opened.page.rows.map((row) => row.id)).not.toContain(oldest);
    expect(opened.viewing?.id).toBe(oldest);
    // The client's status link, whole, for the admin to copy (no SITE_URL here: the request's origin).
    const [{ status_token: token }] = await query<{ status_token: string }>(
      `select status_token from orders where id = '${oldest}'`,
    );
    expect(opened.viewingStatusUrl).toBe(`${TEST_ORIGIN}/order/status/${token}`);
    expect((await screen("/admin/orders?view=nope")).viewingStatusUrl).toBeNull();
    expect((await screen("/admin/orders?view=nope")).viewing).toBeNull();
    expect((await screen("/admin/orders?view=00000000-0000-4000-8000-000000000000")).viewing).toBeNull();
  });

  it("comes back to the same page, filter and search after a status change", async () => {
    await db().execute(sql`delete from orders`);
    await insertOrders("Back", 300);
    const first = await screen("/admin/orders?status=pending&q=back");
    const listPath = `/admin/orders?${new URLSearchParams({ status: "pending", q: "back", after: first.page.oldestCursor! })}`;
    const { page } = await screen(listPath);
    const order = page.rows[0];
    const answer = await send(
      postRequest(`${listPath}&view=${order.id}`, { intent: "status", orderId: order.id, status: "paid" }, cookie),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(listPath);
    expect(answer.toast).toMatchObject({ message: "Order status updated successfully!" });
    const [stored] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(sql`${orders.id} = ${order.id}`);
    expect(stored.status).toBe("paid");
  });

  describe("CSV export", () => {
    async function exportCsv(search: string): Promise<Response> {
      return exportRoute.loader({
        request: new Request(`${TEST_ORIGIN}/admin/orders/export.csv${search}`),
        params: {},
        context: undefined as never,
      } as never);
    }

    /** The CSV's records after the header (RFC 4180: a quoted cell may hold commas, quotes, line breaks). */
    async function records(response: Response): Promise<string[][]> {
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
      expect(text.startsWith(`\uFEFF${CSV_HEADER}\r\n`)).toBe(true);
      const rows: string[][] = [];
      let row: string[] = [];
      let cell = "";
      let quoted = false;
      for (let i = 1; i < text.length; i++) {
        const char = text[i];
        if (quoted && char === '"' && text[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (char === '"') {
          quoted = !quoted;
        } else if (!quoted && char === ",") {
          row.push(cell);
          cell = "";
        } else if (!quoted && char === "\r" && text[i + 1] === "\n") {
          rows.push([...row, cell]);
          row = [];
          cell = "";
          i++;
        } else {
          cell += char;
        }
      }
      expect(row).toEqual([]);
      return rows.slice(1);
    }

    /** The database's rows as the export must write them. */
    const expectedRows = (where = "true") =>
      query<Record<string, string | null>>(`
        select id, to_char(order_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as order_date, status,
          client_name, client_email, client_phone, service_name, setup_price::text, monthly_price::text,
          total_price::text, payment_method, subscription_state, notes
        from orders where ${where} order by created_at desc, id desc`);

    const asCells = (rows: Record<string, string | null>[]) =>
      rows.map((row) =>
        Object.values(row).map((value) => {
          if (value === null) return "";
          // Prices as the screen's decimals; every segment a spreadsheet would run (the notes' second
          // line here) keeps a leading quote.
          if (/^\d+\.\d+$/.test(value)) return Number(value).toFixed(2);
          return value.replace(/(^|[;,\r\n])(?=[=+\-@\t\r])/g, "$1'");
        }),
      );

    it("streams every order, batch after batch across one-microsecond ties, as the database holds them", async () => {
      await db().execute(sql`delete from orders`);
      await insertOrders("Export", 2_503);
      const response = await exportCsv("");
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      const written = await records(response);
      expect(written).toHaveLength(2_503);
      expect(written).toEqual(asCells(await expectedRows()));
    });

    it("keeps to the status and the days asked for, both included", async () => {
      await db().execute(sql`delete from orders`);
      await insertOrders("Range", 1_200);
      // Orders n = 7h..7h+6 are at hour h: 2026-01-02 and 2026-01-03 are hours 24 to 71.
      const response = await exportCsv("?status=cancelled&from=2026-01-02&to=2026-01-03");
      expect(response.headers.get("Content-Disposition")).toMatch(/filename="orders-cancelled-\d{4}-\d{2}-\d{2}\.csv"/);
      const written = await records(response);
      const expected = asCells(
        await expectedRows(
          `status = 'cancelled' and created_at >= '2026-01-02T00:00:00Z' and created_at < '2026-01-04T00:00:00Z'`,
        ),
      );
      expect(expected.length).toBe(112);
      expect(written).toEqual(expected);
    });

    it.each([
      ["?from=2026-13-01", "from"],
      ["?to=yesterday", "to"],
      ["?from=2026-02-30", "from"],
      ["?from=2026-03-02&to=2026-03-01", "after"],
    ])("answers %s with a 400 that says what is wrong", async (search, word) => {
      const response = await exportCsv(search);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(word);
    });
  });
});
