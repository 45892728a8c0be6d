CREATE TABLE "admin_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_admin_idx" ON "admin_sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "admin_sessions_expires_idx" ON "admin_sessions" USING btree ("expires_at");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): a new password or a deactivation ends every
-- session of that admin, whichever way it was made (the screens, npm run admin, plain SQL).
CREATE FUNCTION "public"."admin_users_end_sessions"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF NEW."password_hash" IS DISTINCT FROM OLD."password_hash" OR (OLD."is_active" AND NOT NEW."is_active") THEN
    DELETE FROM "public"."admin_sessions" WHERE "admin_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "admin_users_end_sessions" AFTER UPDATE OF "password_hash", "is_active" ON "admin_users"
  FOR EACH ROW EXECUTE FUNCTION "public"."admin_users_end_sessions"();
