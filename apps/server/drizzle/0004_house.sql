ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_id" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("created_at") WHERE sent_at is null and failed_at is null;--> statement-breakpoint
-- Keep what existing notifications pointed at: their project (or the approval queue for the super admin).
UPDATE "notifications" SET "target_type" = CASE WHEN "link" LIKE '/project-approval%' THEN 'project_approval' ELSE 'project' END, "target_id" = "project_id"::text WHERE "project_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "link";