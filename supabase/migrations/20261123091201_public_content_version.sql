CREATE TABLE "public_content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "public_content_version_single_row" CHECK ("public_content_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "public_content_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "public_content_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): every statement that writes a table the
-- public pages show bumps the version and tells every listening instance, when it commits.
CREATE FUNCTION "public_content_changed"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  UPDATE "public"."public_content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('public_content_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "services_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "site_settings_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "founder_info_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "founder_info"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "integrations_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "integrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_content_changed"();
