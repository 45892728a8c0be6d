CREATE TABLE "case_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"client_name" text NOT NULL,
	"industry" text NOT NULL,
	"problem" text NOT NULL,
	"solution" text NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tools" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_image_url" text,
	"published" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_studies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "case_study_services" (
	"case_study_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "case_study_services_case_study_id_service_id_pk" PRIMARY KEY("case_study_id","service_id")
);
--> statement-breakpoint
ALTER TABLE "case_study_services" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "client_logos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alt_text" text NOT NULL,
	"image_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_logos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote" text NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"company" text,
	"photo_url" text,
	"case_study_id" uuid,
	"service_id" uuid,
	"published" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "testimonials" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "case_study_services" ADD CONSTRAINT "case_study_services_case_study_id_case_studies_id_fk" FOREIGN KEY ("case_study_id") REFERENCES "public"."case_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_study_services" ADD CONSTRAINT "case_study_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_case_study_id_case_studies_id_fk" FOREIGN KEY ("case_study_id") REFERENCES "public"."case_studies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_studies_slug_unique" ON "case_studies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "case_studies_published_idx" ON "case_studies" USING btree ("published","position");--> statement-breakpoint
CREATE INDEX "case_study_services_service_idx" ON "case_study_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "testimonials_published_idx" ON "testimonials" USING btree ("published","position");--> statement-breakpoint
-- Hand-written: the public pages show these tables, so their writes invalidate the page cache
-- like writes to services (20261123091201_public_content_version.sql).
CREATE TRIGGER "case_studies_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "case_studies"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "case_study_services_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "case_study_services"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "testimonials_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "client_logos_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "client_logos"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_content_changed"();
