DROP INDEX "webhooks_active_created_idx";--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "position" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "webhooks_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "webhooks_active_position_idx" ON "webhooks" USING btree ("is_active","position");