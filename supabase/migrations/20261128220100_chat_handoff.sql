ALTER TABLE "admin_users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "present_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "staff_user_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "staff_name" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "handoff_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "handoff_by" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "staff_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "staff_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "chat_live_hours" jsonb;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "chat_presence_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "chat_hand_back_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_staff_user_id_admin_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_sessions_handoff_idx" ON "chat_sessions" USING btree ("handoff_requested_at","session_id") WHERE "chat_sessions"."handoff_requested_at" is not null;