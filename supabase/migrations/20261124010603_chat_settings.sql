ALTER TABLE "contact_messages" ADD COLUMN "chat_session_id" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "chat_conversation_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "chat_reply_deadline_seconds" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "chat_starter_prompts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_messages_chat_session_idx" ON "contact_messages" USING btree ("chat_session_id") WHERE "contact_messages"."chat_session_id" is not null;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_chat_positive" CHECK ("site_settings"."chat_conversation_hours" > 0 and "site_settings"."chat_reply_deadline_seconds" > 0);