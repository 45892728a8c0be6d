CREATE TABLE "chat_uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"store" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_uploads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "chat_uploads_created_idx" ON "chat_uploads" USING btree ("created_at");