-- Hand-written (drizzle-kit does not model triggers): the chat's webhooks are read once per change
-- and kept (app/services/page-cache/kept.server.ts), like the site settings, so a write to them
-- must tell every instance too.
CREATE TRIGGER "webhooks_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "webhooks"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_content_changed"();
