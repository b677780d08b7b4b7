DROP INDEX "conversations_last_time_idx";--> statement-breakpoint
CREATE INDEX "conversations_inbox_idx" ON "conversations" USING btree ("last_message_time" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE last_message_id is not null;--> statement-breakpoint
CREATE INDEX "conversations_project_idx" ON "conversations" USING btree ("project_id");