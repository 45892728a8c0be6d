ALTER TABLE "chat_messages" ADD COLUMN "reply_ms" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "streamed" boolean;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "payload_format" text DEFAULT 'website' NOT NULL;