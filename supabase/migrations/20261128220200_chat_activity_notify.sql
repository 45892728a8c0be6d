-- Hand-written (drizzle-kit does not model triggers): every change to a conversation tells every
-- listening instance which one, when it commits, so the streams open on it (the visitor's and the
-- admin's, app/services/chat/live.server.ts) read what is new. A message reaches chat_sessions
-- through chat_messages' trigger (*_admin_scale.sql), a handoff change is a write to it: both
-- notify. PostgreSQL sends one notification per conversation per transaction however many rows.
CREATE FUNCTION "public"."chat_activity_notify"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('chat_activity', OLD."session_id");
  ELSE
    PERFORM pg_notify('chat_activity', NEW."session_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chat_sessions_activity_notify" AFTER INSERT OR UPDATE OR DELETE ON "chat_sessions"
  FOR EACH ROW EXECUTE FUNCTION "public"."chat_activity_notify"();
