ALTER TABLE "chat_sessions" ADD COLUMN "first_message_at" timestamp with time zone;--> statement-breakpoint
UPDATE "chat_sessions" s SET "first_message_at" = (
  SELECT min(m."created_at") FROM "chat_messages" m WHERE m."session_id" = s."session_id" AND m."is_user_message"
);--> statement-breakpoint
-- Hand-written: the preview is the visitor's earliest message by its own time. Comparing with the
-- conversation's start instead kept a later message when an earlier one committed last (two
-- writes of one conversation in flight at once).
CREATE OR REPLACE FUNCTION "public"."refresh_chat_sessions"("ids" text[]) RETURNS void
LANGUAGE sql SET search_path = '' AS $$
  DELETE FROM "public"."chat_sessions" s WHERE s."session_id" = ANY("ids")
    AND NOT EXISTS (SELECT 1 FROM "public"."chat_messages" m WHERE m."session_id" = s."session_id");
  INSERT INTO "public"."chat_sessions" ("session_id", "started_at", "last_message_at", "message_count", "first_message", "first_message_at")
  SELECT m."session_id", min(m."created_at"), max(m."created_at"), count(*),
         (array_agg(m."message" ORDER BY m."created_at", m."id") FILTER (WHERE m."is_user_message"))[1],
         min(m."created_at") FILTER (WHERE m."is_user_message")
  FROM "public"."chat_messages" m WHERE m."session_id" = ANY("ids") GROUP BY m."session_id" ORDER BY m."session_id"
  ON CONFLICT ("session_id") DO UPDATE SET "started_at" = excluded."started_at",
    "last_message_at" = excluded."last_message_at", "message_count" = excluded."message_count",
    "first_message" = excluded."first_message", "first_message_at" = excluded."first_message_at";
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "public"."chat_messages_sessions"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "public"."bump_counters"(jsonb_build_object('chat_messages', (SELECT count(*) FROM "new_rows")));
    INSERT INTO "public"."chat_sessions" ("session_id", "started_at", "last_message_at", "message_count", "first_message", "first_message_at")
    SELECT "session_id", min("created_at"), max("created_at"), count(*),
           (array_agg("message" ORDER BY "created_at", "id") FILTER (WHERE "is_user_message"))[1],
           min("created_at") FILTER (WHERE "is_user_message")
    FROM "new_rows" GROUP BY "session_id" ORDER BY "session_id"
    ON CONFLICT ("session_id") DO UPDATE SET
      "started_at" = least("public"."chat_sessions"."started_at", excluded."started_at"),
      "last_message_at" = greatest("public"."chat_sessions"."last_message_at", excluded."last_message_at"),
      "message_count" = "public"."chat_sessions"."message_count" + excluded."message_count",
      "first_message" = CASE
        WHEN excluded."first_message_at" < "public"."chat_sessions"."first_message_at"
          OR "public"."chat_sessions"."first_message_at" IS NULL
        THEN coalesce(excluded."first_message", "public"."chat_sessions"."first_message")
        ELSE "public"."chat_sessions"."first_message" END,
      "first_message_at" = least("public"."chat_sessions"."first_message_at", excluded."first_message_at");
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
$$;
