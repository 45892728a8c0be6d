CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"fallback" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_size_positive" CHECK ("images"."width" > 0 and "images"."height" > 0 and "images"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "images" ENABLE ROW LEVEL SECURITY;