-- Substring search on the admin lists (trigram indexes below); Supabase ships pg_trgm, PGlite loads it.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"message_count" integer NOT NULL,
	"first_message" text
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" numeric DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "chat_messages_session_created_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "chat_sessions_last_message_idx" ON "chat_sessions" USING btree ("last_message_at","session_id");--> statement-breakpoint
CREATE INDEX "contact_messages_search_idx" ON "contact_messages" USING gin (lower("name" || ' ' || "email" || ' ' || "message") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (lower("client_name" || ' ' || "client_email" || ' ' || "service_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_messages_session_created_idx" ON "chat_messages" USING btree ("session_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers). Statement-level triggers with transition
-- tables keep "counters" and "chat_sessions" exact in the same transaction as the write, once per
-- statement, so a bulk INSERT ... SELECT costs one update per counter, not one per row.
-- Counter rows are taken in name order and only when their value changes, so concurrent writers
-- cannot deadlock on them and a new pending order never waits for one being paid.
CREATE FUNCTION "public"."bump_counters"("deltas" jsonb) RETURNS void
LANGUAGE sql SET search_path = '' AS $$
  INSERT INTO "public"."counters" ("name", "value")
  SELECT "key", "value"::numeric FROM jsonb_each_text("deltas") WHERE "value"::numeric <> 0 ORDER BY "key"
  ON CONFLICT ("name") DO UPDATE SET "value" = "public"."counters"."value" + excluded."value";
$$;--> statement-breakpoint
CREATE FUNCTION "public"."order_counter_deltas"("sign" numeric, "status" "public"."order_status", "total_price" numeric)
RETURNS TABLE ("name" text, "delta" numeric)
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  VALUES ('orders', "sign"),
         ('orders_' || "status"::text, "sign"),
         ('orders_revenue_paid', CASE WHEN "status" = 'paid' THEN "sign" * "total_price" ELSE 0 END)
$$;--> statement-breakpoint
CREATE FUNCTION "public"."orders_counters"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "public"."bump_counters"(coalesce(jsonb_object_agg("name", "delta"), '{}')) FROM (
      SELECT d."name", sum(d."delta") AS "delta" FROM "new_rows" r
      CROSS JOIN LATERAL "public"."order_counter_deltas"(1, r."status", r."total_price") d GROUP BY d."name") s;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "public"."bump_counters"(coalesce(jsonb_object_agg("name", "delta"), '{}')) FROM (
      SELECT d."name", sum(d."delta") AS "delta" FROM (
        SELECT 1 AS "sign", "status", "total_price" FROM "new_rows"
        UNION ALL SELECT -1, "status", "total_price" FROM "old_rows") r
      CROSS JOIN LATERAL "public"."order_counter_deltas"(r."sign", r."status", r."total_price") d GROUP BY d."name") s;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "public"."bump_counters"(coalesce(jsonb_object_agg("name", "delta"), '{}')) FROM (
      SELECT d."name", sum(d."delta") AS "delta" FROM "old_rows" r
      CROSS JOIN LATERAL "public"."order_counter_deltas"(-1, r."status", r."total_price") d GROUP BY d."name") s;
  ELSE
    UPDATE "public"."counters" SET "value" = 0 WHERE "name" LIKE 'orders%';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_counters_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."orders_counters"();--> statement-breakpoint
CREATE TRIGGER "orders_counters_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."orders_counters"();--> statement-breakpoint
CREATE TRIGGER "orders_counters_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."orders_counters"();--> statement-breakpoint
CREATE TRIGGER "orders_counters_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."orders_counters"();--> statement-breakpoint
CREATE FUNCTION "public"."contact_message_counter_deltas"("sign" numeric, "is_read" boolean)
RETURNS TABLE ("name" text, "delta" numeric)
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  VALUES ('contact_messages', "sign"), ('contact_messages_unread', CASE WHEN "is_read" THEN 0 ELSE "sign" END)
$$;--> statement-breakpoint
CREATE FUNCTION "public"."contact_messages_counters"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "public"."bump_counters"(coalesce(jsonb_object_agg("name", "delta"), '{}')) FROM (
      SELECT d."name", sum(d."delta") AS "delta" FROM "new_rows" r
      CROSS JOIN LATERAL "public"."contact_message_counter_deltas"(1, r."is_read") d GROUP BY d."name") s;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "public"."bump_counters"(coalesce(jsonb_object_agg("name", "delta"), '{}')) FROM (
      SELECT d."name", sum(d."delta") AS "delta" FROM (
        SELECT 1 AS "sign", "is_read" FROM "new_rows" UNION ALL SELECT -1, "is_read" FROM "old_rows") r
      CROSS JOIN LATERAL "public"."contact_message_counter_deltas"(r."sign", r."is_read") d GROUP BY d."name") s;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "public"."bump_counters"(coalesce(jsonb_object_agg("name", "delta"), '{}')) FROM (
      SELECT d."name", sum(d."delta") AS "delta" FROM "old_rows" r
      CROSS JOIN LATERAL "public"."contact_message_counter_deltas"(-1, r."is_read") d GROUP BY d."name") s;
  ELSE
    UPDATE "public"."counters" SET "value" = 0 WHERE "name" LIKE 'contact_messages%';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "contact_messages_counters_insert" AFTER INSERT ON "contact_messages" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."contact_messages_counters"();--> statement-breakpoint
CREATE TRIGGER "contact_messages_counters_update" AFTER UPDATE ON "contact_messages" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."contact_messages_counters"();--> statement-breakpoint
CREATE TRIGGER "contact_messages_counters_delete" AFTER DELETE ON "contact_messages" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."contact_messages_counters"();--> statement-breakpoint
CREATE TRIGGER "contact_messages_counters_truncate" AFTER TRUNCATE ON "contact_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."contact_messages_counters"();--> statement-breakpoint
-- Rebuilds the summary rows of the given conversations from their messages (after a delete or an
-- update, which are rare; inserts take the cheap path in chat_messages_sessions()).
CREATE FUNCTION "public"."refresh_chat_sessions"("ids" text[]) RETURNS void
LANGUAGE sql SET search_path = '' AS $$
  DELETE FROM "public"."chat_sessions" s WHERE s."session_id" = ANY("ids")
    AND NOT EXISTS (SELECT 1 FROM "public"."chat_messages" m WHERE m."session_id" = s."session_id");
  INSERT INTO "public"."chat_sessions" ("session_id", "started_at", "last_message_at", "message_count", "first_message")
  SELECT m."session_id", min(m."created_at"), max(m."created_at"), count(*),
         (array_agg(m."message" ORDER BY m."created_at", m."id") FILTER (WHERE m."is_user_message"))[1]
  FROM "public"."chat_messages" m WHERE m."session_id" = ANY("ids") GROUP BY m."session_id" ORDER BY m."session_id"
  ON CONFLICT ("session_id") DO UPDATE SET "started_at" = excluded."started_at",
    "last_message_at" = excluded."last_message_at", "message_count" = excluded."message_count",
    "first_message" = excluded."first_message";
$$;--> statement-breakpoint
CREATE FUNCTION "public"."chat_messages_sessions"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "public"."bump_counters"(jsonb_build_object('chat_messages', (SELECT count(*) FROM "new_rows")));
    INSERT INTO "public"."chat_sessions" ("session_id", "started_at", "last_message_at", "message_count", "first_message")
    SELECT "session_id", min("created_at"), max("created_at"), count(*),
           (array_agg("message" ORDER BY "created_at", "id") FILTER (WHERE "is_user_message"))[1]
    FROM "new_rows" GROUP BY "session_id" ORDER BY "session_id"
    ON CONFLICT ("session_id") DO UPDATE SET
      "started_at" = least("public"."chat_sessions"."started_at", excluded."started_at"),
      "last_message_at" = greatest("public"."chat_sessions"."last_message_at", excluded."last_message_at"),
      "message_count" = "public"."chat_sessions"."message_count" + excluded."message_count",
      "first_message" = CASE WHEN excluded."started_at" < "public"."chat_sessions"."started_at"
        THEN coalesce(excluded."first_message", "public"."chat_sessions"."first_message")
        ELSE coalesce("public"."chat_sessions"."first_message", excluded."first_message") END;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "public"."refresh_chat_sessions"(array(
      SELECT "session_id" FROM "old_rows" UNION SELECT "session_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "public"."bump_counters"(jsonb_build_object('chat_messages', -(SELECT count(*) FROM "old_rows")));
    PERFORM "public"."refresh_chat_sessions"(array(SELECT DISTINCT "session_id" FROM "old_rows"));
  ELSE
    UPDATE "public"."counters" SET "value" = 0 WHERE "name" = 'chat_messages';
    DELETE FROM "public"."chat_sessions";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_messages_sessions_insert" AFTER INSERT ON "chat_messages" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."chat_messages_sessions"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_sessions_update" AFTER UPDATE ON "chat_messages" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."chat_messages_sessions"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_sessions_delete" AFTER DELETE ON "chat_messages" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."chat_messages_sessions"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_sessions_truncate" AFTER TRUNCATE ON "chat_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."chat_messages_sessions"();--> statement-breakpoint
CREATE FUNCTION "public"."chat_sessions_counters"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "public"."bump_counters"(jsonb_build_object('chat_sessions', (SELECT count(*) FROM "new_rows")));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "public"."bump_counters"(jsonb_build_object('chat_sessions', -(SELECT count(*) FROM "old_rows")));
  ELSE
    UPDATE "public"."counters" SET "value" = 0 WHERE "name" = 'chat_sessions';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_sessions_counters_insert" AFTER INSERT ON "chat_sessions" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."chat_sessions_counters"();--> statement-breakpoint
CREATE TRIGGER "chat_sessions_counters_delete" AFTER DELETE ON "chat_sessions" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."chat_sessions_counters"();--> statement-breakpoint
CREATE TRIGGER "chat_sessions_counters_truncate" AFTER TRUNCATE ON "chat_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."chat_sessions_counters"();--> statement-breakpoint
-- The rows written before this migration, counted once; the triggers keep them from here on.
SELECT "public"."refresh_chat_sessions"(array(SELECT DISTINCT "session_id" FROM "public"."chat_messages"));--> statement-breakpoint
INSERT INTO "counters" ("name", "value")
SELECT 'orders', count(*) FROM "orders"
UNION ALL SELECT 'orders_pending', count(*) FROM "orders" WHERE "status" = 'pending'
UNION ALL SELECT 'orders_paid', count(*) FROM "orders" WHERE "status" = 'paid'
UNION ALL SELECT 'orders_cancelled', count(*) FROM "orders" WHERE "status" = 'cancelled'
UNION ALL SELECT 'orders_revenue_paid', coalesce(sum("total_price"), 0) FROM "orders" WHERE "status" = 'paid'
UNION ALL SELECT 'contact_messages', count(*) FROM "contact_messages"
UNION ALL SELECT 'contact_messages_unread', count(*) FROM "contact_messages" WHERE NOT "is_read"
UNION ALL SELECT 'chat_sessions', count(*) FROM "chat_sessions"
UNION ALL SELECT 'chat_messages', count(*) FROM "chat_messages"
ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value";
