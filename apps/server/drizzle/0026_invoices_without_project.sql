ALTER TABLE "invoices" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ALTER COLUMN "project_id" DROP NOT NULL;