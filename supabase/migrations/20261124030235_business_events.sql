CREATE TABLE "delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response" text,
	"ok" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"id" text PRIMARY KEY DEFAULT 'msg_' || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"event_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"event_webhook_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "event_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_webhooks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"event_webhook_id" uuid,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_event_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."event_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_outbox_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_webhook_id_event_webhooks_id_fk" FOREIGN KEY ("event_webhook_id") REFERENCES "public"."event_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_event_webhook_id_event_webhooks_id_fk" FOREIGN KEY ("event_webhook_id") REFERENCES "public"."event_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_attempts_delivery_idx" ON "delivery_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "event_deliveries_due_idx" ON "event_deliveries" USING btree ("next_attempt_at") WHERE "event_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "event_deliveries_webhook_idx" ON "event_deliveries" USING btree ("event_webhook_id","created_at","id");--> statement-breakpoint
CREATE INDEX "event_deliveries_channel_idx" ON "event_deliveries" USING btree ("channel","created_at","id");--> statement-breakpoint
CREATE INDEX "event_deliveries_event_idx" ON "event_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_webhooks_created_idx" ON "event_webhooks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_events_undispatched_idx" ON "outbox_events" USING btree ("created_at") WHERE "outbox_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_events_created_idx" ON "outbox_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_status_token_unique" ON "orders" USING btree ("status_token");--> statement-breakpoint
-- Each instance's outbox worker LISTENs here (app/services/outbox/worker.server.ts): an event
-- written through any instance is dispatched at once, not at the next poll. Sent at commit.
CREATE FUNCTION "public"."outbox_events_notify"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  PERFORM pg_notify('outbox_events', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_events_notify" AFTER INSERT ON "outbox_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."outbox_events_notify"();--> statement-breakpoint
-- chat.conversation_started, in the transaction of the visitor's first message: chat_sessions
-- gets its first_message from the trigger on chat_messages (*_admin_scale.sql), once per
-- conversation, so the chat's own statements stay as they are.
CREATE FUNCTION "public"."chat_sessions_started_event"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  INSERT INTO "public"."outbox_events" ("type", "data")
  SELECT 'chat.conversation_started', jsonb_build_object(
    'session_id', NEW."session_id",
    'message', m."message",
    'media_url', m."media_url",
    'created_at', to_char(m."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM "public"."chat_messages" m
  WHERE m."session_id" = NEW."session_id" AND m."is_user_message"
  ORDER BY m."created_at", m."id" LIMIT 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_sessions_started_event_insert" AFTER INSERT ON "chat_sessions"
  FOR EACH ROW WHEN (NEW."first_message" IS NOT NULL) EXECUTE FUNCTION "public"."chat_sessions_started_event"();--> statement-breakpoint
CREATE TRIGGER "chat_sessions_started_event_update" AFTER UPDATE OF "first_message" ON "chat_sessions"
  FOR EACH ROW WHEN (OLD."first_message" IS NULL AND NEW."first_message" IS NOT NULL)
  EXECUTE FUNCTION "public"."chat_sessions_started_event"();
