CREATE TABLE "insight_days" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_days_metric_day_key_pk" PRIMARY KEY("metric","day","key")
);
--> statement-breakpoint
ALTER TABLE "insight_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "insight_summaries" (
	"month" date PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_summaries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "monthly_summary_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers). "insight_days" holds per-day totals in the
-- site's time zone, kept exact by statement-level triggers as "counters" is (*_admin_scale.sql):
-- each statement adds its rows' signed contributions, grouped, in key order, skipping the ones
-- that net to zero (an order edit that changes no status or price takes no lock here).
-- The zone is the setting, or UTC when it is unset or unknown to the database.
CREATE FUNCTION "public"."insights_time_zone"() RETURNS text
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE "zone" text;
BEGIN
  SELECT "time_zone" INTO "zone" FROM "public"."site_settings" WHERE "id" = 1;
  IF "zone" IS NULL THEN RETURN 'UTC'; END IF;
  BEGIN
    PERFORM now() AT TIME ZONE "zone";
    RETURN "zone";
  EXCEPTION WHEN invalid_parameter_value THEN
    RETURN 'UTC';
  END;
END
$$;--> statement-breakpoint
-- One row's contributions, by table: (metric, day, key, count, amount), each times "sign".
-- orders: per status, amount the order's total; services: per service name, amount its paid total.
CREATE FUNCTION "public"."orders_insight_rows"("sign" integer, "r" jsonb, "zone" text)
RETURNS TABLE ("metric" text, "day" date, "key" text, "count" bigint, "amount" numeric)
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT v.* FROM (SELECT (("r"->>'created_at')::timestamptz AT TIME ZONE "zone")::date AS "day",
    ("r"->>'total_price')::numeric AS "total") o,
  LATERAL (VALUES
    ('orders', o."day", "r"->>'status', "sign"::bigint, "sign" * o."total"),
    ('services', o."day", "r"->>'service_name', "sign"::bigint,
      CASE WHEN "r"->>'status' = 'paid' THEN "sign" * o."total" ELSE 0 END)) v
$$;--> statement-breakpoint
-- payments: money collected (succeeded, not refunded), per currency, on the day it was paid.
CREATE FUNCTION "public"."payments_insight_rows"("sign" integer, "r" jsonb, "zone" text)
RETURNS TABLE ("metric" text, "day" date, "key" text, "count" bigint, "amount" numeric)
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT 'payments', (("r"->>'paid_at')::timestamptz AT TIME ZONE "zone")::date, "r"->>'currency', "sign"::bigint,
    "sign" * ("r"->>'amount')::numeric
  WHERE "r"->>'status' = 'succeeded' AND "r"->>'refunded_at' IS NULL
$$;--> statement-breakpoint
-- chats: conversations, on the day they started (a later, earlier message moving the start is not followed).
CREATE FUNCTION "public"."chat_sessions_insight_rows"("sign" integer, "r" jsonb, "zone" text)
RETURNS TABLE ("metric" text, "day" date, "key" text, "count" bigint, "amount" numeric)
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT 'chats', (("r"->>'started_at')::timestamptz AT TIME ZONE "zone")::date, '', "sign"::bigint, 0::numeric
$$;--> statement-breakpoint
-- replies: the replies to visitors, per chat_messages.answered_by (a webhook's name, 'settings', 'canned').
CREATE FUNCTION "public"."chat_messages_insight_rows"("sign" integer, "r" jsonb, "zone" text)
RETURNS TABLE ("metric" text, "day" date, "key" text, "count" bigint, "amount" numeric)
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT 'replies', (("r"->>'created_at')::timestamptz AT TIME ZONE "zone")::date, coalesce("r"->>'answered_by', ''),
    "sign"::bigint, 0::numeric
  WHERE NOT ("r"->>'is_user_message')::boolean
$$;--> statement-breakpoint
-- One trigger function for the four tables: TG_ARGV[0] names the row function, TG_ARGV[1] the
-- metrics it writes (for TRUNCATE). The transition tables are named in the EXECUTEd statement
-- because an INSERT trigger has no old rows to name.
CREATE FUNCTION "public"."insight_days_change"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE "source" text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "public"."insight_days" WHERE "metric" = ANY(string_to_array(TG_ARGV[1], ','));
    RETURN NULL;
  END IF;
  "source" := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS "sign", to_jsonb(n) AS "r" FROM "new_rows" n'
    WHEN 'DELETE' THEN 'SELECT -1 AS "sign", to_jsonb(o) AS "r" FROM "old_rows" o'
    ELSE 'SELECT 1 AS "sign", to_jsonb(n) AS "r" FROM "new_rows" n UNION ALL SELECT -1, to_jsonb(o) FROM "old_rows" o'
  END;
  EXECUTE format(
    'INSERT INTO "public"."insight_days" AS d ("metric", "day", "key", "count", "amount")
     SELECT x."metric", x."day", x."key", sum(x."count"), sum(x."amount")
     FROM (%s) s CROSS JOIN LATERAL "public".%I(s."sign", s."r", $1) x
     GROUP BY 1, 2, 3 HAVING sum(x."count") <> 0 OR sum(x."amount") <> 0 ORDER BY 1, 2, 3
     ON CONFLICT ("metric", "day", "key") DO UPDATE
       SET "count" = d."count" + excluded."count", "amount" = d."amount" + excluded."amount"',
    "source", TG_ARGV[0]) USING "public"."insights_time_zone"();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_insights_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('orders_insight_rows', 'orders,services');--> statement-breakpoint
CREATE TRIGGER "orders_insights_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('orders_insight_rows', 'orders,services');--> statement-breakpoint
CREATE TRIGGER "orders_insights_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('orders_insight_rows', 'orders,services');--> statement-breakpoint
CREATE TRIGGER "orders_insights_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('orders_insight_rows', 'orders,services');--> statement-breakpoint
CREATE TRIGGER "payments_insights_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('payments_insight_rows', 'payments');--> statement-breakpoint
CREATE TRIGGER "payments_insights_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('payments_insight_rows', 'payments');--> statement-breakpoint
CREATE TRIGGER "payments_insights_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('payments_insight_rows', 'payments');--> statement-breakpoint
CREATE TRIGGER "payments_insights_truncate" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('payments_insight_rows', 'payments');--> statement-breakpoint
CREATE TRIGGER "chat_sessions_insights_insert" AFTER INSERT ON "chat_sessions" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('chat_sessions_insight_rows', 'chats');--> statement-breakpoint
CREATE TRIGGER "chat_sessions_insights_delete" AFTER DELETE ON "chat_sessions" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('chat_sessions_insight_rows', 'chats');--> statement-breakpoint
CREATE TRIGGER "chat_sessions_insights_truncate" AFTER TRUNCATE ON "chat_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('chat_sessions_insight_rows', 'chats');--> statement-breakpoint
CREATE TRIGGER "chat_messages_insights_insert" AFTER INSERT ON "chat_messages" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('chat_messages_insight_rows', 'replies');--> statement-breakpoint
CREATE TRIGGER "chat_messages_insights_update" AFTER UPDATE ON "chat_messages" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('chat_messages_insight_rows', 'replies');--> statement-breakpoint
CREATE TRIGGER "chat_messages_insights_delete" AFTER DELETE ON "chat_messages" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('chat_messages_insight_rows', 'replies');--> statement-breakpoint
CREATE TRIGGER "chat_messages_insights_truncate" AFTER TRUNCATE ON "chat_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."insight_days_change"('chat_messages_insight_rows', 'replies');--> statement-breakpoint
-- Every row again, from the tables: at the migration, and when the site's time zone changes
-- (the days move). A rare admin action; at a million orders it takes seconds.
CREATE FUNCTION "public"."rebuild_insight_days"() RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE "zone" text := "public"."insights_time_zone"();
BEGIN
  DELETE FROM "public"."insight_days";
  INSERT INTO "public"."insight_days" ("metric", "day", "key", "count", "amount")
  SELECT x."metric", x."day", x."key", sum(x."count"), sum(x."amount") FROM (
    SELECT r.* FROM "public"."orders" t, "public"."orders_insight_rows"(1, to_jsonb(t), "zone") r
    UNION ALL SELECT r.* FROM "public"."payments" t, "public"."payments_insight_rows"(1, to_jsonb(t), "zone") r
    UNION ALL SELECT r.* FROM "public"."chat_sessions" t, "public"."chat_sessions_insight_rows"(1, to_jsonb(t), "zone") r
    UNION ALL SELECT r.* FROM "public"."chat_messages" t, "public"."chat_messages_insight_rows"(1, to_jsonb(t), "zone") r
  ) x GROUP BY 1, 2, 3;
END
$$;--> statement-breakpoint
CREATE FUNCTION "public"."site_settings_insights_zone"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  PERFORM "public"."rebuild_insight_days"();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "site_settings_insights_zone" AFTER UPDATE OF "time_zone" ON "site_settings"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION "public"."site_settings_insights_zone"();--> statement-breakpoint
CREATE TRIGGER "site_settings_insights_zone_insert" AFTER INSERT ON "site_settings"
  FOR EACH ROW WHEN (NEW."time_zone" IS NOT NULL)
  EXECUTE FUNCTION "public"."site_settings_insights_zone"();--> statement-breakpoint
SELECT "public"."rebuild_insight_days"();
