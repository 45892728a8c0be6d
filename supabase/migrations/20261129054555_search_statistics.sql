-- The admin's searches (a LIKE '%…%' on the trigram indexes' expressions) are planned from the
-- statistics of those expressions. At PostgreSQL's default target, 100, no search is estimated
-- to match under 1% of a table: a rare name among 100,000 contact messages was read by walking
-- the newest-first index through the whole table (214 ms on the embedded database) instead of
-- from the trigram index (9 ms). A target of 1000 lets an estimate go down to 0.1%.
ALTER INDEX "contact_messages_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "orders_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;--> statement-breakpoint
ALTER INDEX "chat_messages_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;
