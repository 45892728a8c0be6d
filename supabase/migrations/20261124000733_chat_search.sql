-- The Chats search and Personal Data's search of conversations (containsText on lower(message));
-- pg_trgm was created by *_admin_scale.sql.
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin (lower("message") gin_trgm_ops);