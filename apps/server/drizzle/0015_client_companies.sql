-- Client companies (issue 30). drizzle-kit's DDL first, with two changes made by hand so that it runs on a database
-- with data: the company columns of projects, tool requests, invoices and conversations are added nullable, and the
-- check that every client has a company comes last; between them, the data moves. Nothing is lost.
CREATE TABLE "client_companies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"billing_address" text,
	"country" text,
	"tax_number" text,
	"billing_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_reads_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "company_role" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "tool_requests" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_role" text;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_companies_name_idx" ON "client_companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "message_reads_user_idx" ON "message_reads" USING btree ("user_id","message_id");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_requests" ADD CONSTRAINT "tool_requests_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_company_idx" ON "contracts" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "conversations_company_idx" ON "conversations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "invitations_company_idx" ON "invitations" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "projects_company_idx" ON "projects" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "tool_requests_company_idx" ON "tool_requests" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","id");
--> statement-breakpoint
-- Each existing client becomes the owner of a one-person company, named after the company it gave at sign-up or,
-- without one, after itself. A column kept for the length of this migration says which client made which company.
ALTER TABLE "client_companies" ADD COLUMN "made_for_user_id" bigint;--> statement-breakpoint
INSERT INTO "client_companies" ("name", "created_at", "updated_at", "made_for_user_id")
  SELECT coalesce(nullif(btrim("company"), ''), "name"), "created_at", "created_at", "id" FROM "users" WHERE "role" = 'client' ORDER BY "id";--> statement-breakpoint
UPDATE "users" SET "company_id" = c."id", "company_role" = 'owner' FROM "client_companies" c WHERE c."made_for_user_id" = "users"."id";--> statement-breakpoint
ALTER TABLE "client_companies" DROP COLUMN "made_for_user_id";--> statement-breakpoint
-- Every record a client owned is its company's; a client contract follows its project (a team contract has none).
UPDATE "projects" SET "company_id" = u."company_id" FROM "users" u WHERE u."id" = "projects"."client_id";--> statement-breakpoint
UPDATE "tool_requests" SET "company_id" = u."company_id" FROM "users" u WHERE u."id" = "tool_requests"."client_id";--> statement-breakpoint
UPDATE "invoices" SET "company_id" = u."company_id" FROM "users" u WHERE u."id" = "invoices"."client_id";--> statement-breakpoint
UPDATE "conversations" SET "company_id" = u."company_id" FROM "users" u WHERE u."id" = "conversations"."client_id";--> statement-breakpoint
UPDATE "contracts" SET "company_id" = p."company_id" FROM "projects" p WHERE p."id" = "contracts"."project_id" AND "contracts"."kind" = 'client';--> statement-breakpoint
-- Read receipts are per person now: what a client had read stays read for them.
INSERT INTO "message_reads" ("message_id", "user_id", "read_at")
  SELECT m."id", m."receiver_id", coalesce(m."read_at", m."timestamp") FROM "messages" m JOIN "users" u ON u."id" = m."receiver_id"
  WHERE u."role" = 'client' AND m."is_read" = 1;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_requests" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_check" CHECK (case when "users"."role" = 'client' then "users"."company_id" is not null and "users"."company_role" is not null else "users"."company_id" is null and "users"."company_role" is null end);--> statement-breakpoint
-- A paid or void invoice stays addressed to the company it was addressed to (0012_invoices_immutable, one column more).
CREATE OR REPLACE FUNCTION invoices_keep_final() RETURNS trigger AS $$
BEGIN
  IF OLD.status IN ('paid', 'void') THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'invoice % is %: it cannot be deleted', OLD.invoice_no, OLD.status;
    END IF;
    IF NEW.status IS DISTINCT FROM OLD.status
      OR NEW.invoice_no IS DISTINCT FROM OLD.invoice_no
      OR NEW.project_id IS DISTINCT FROM OLD.project_id
      OR NEW.client_id IS DISTINCT FROM OLD.client_id
      OR NEW.company_id IS DISTINCT FROM OLD.company_id
      OR NEW.kind IS DISTINCT FROM OLD.kind
      OR NEW.currency IS DISTINCT FROM OLD.currency
      OR NEW.lines IS DISTINCT FROM OLD.lines
      OR NEW.discount IS DISTINCT FROM OLD.discount
      OR NEW.subtotal IS DISTINCT FROM OLD.subtotal
      OR NEW.tax_total IS DISTINCT FROM OLD.tax_total
      OR NEW.total IS DISTINCT FROM OLD.total
      OR NEW.issue_date IS DISTINCT FROM OLD.issue_date
      OR NEW.due_date IS DISTINCT FROM OLD.due_date
      OR NEW.notes IS DISTINCT FROM OLD.notes
      OR NEW.sent_at IS DISTINCT FROM OLD.sent_at
      OR NEW.paid_at IS DISTINCT FROM OLD.paid_at
      OR NEW.voided_at IS DISTINCT FROM OLD.voided_at
      OR NEW.void_reason IS DISTINCT FROM OLD.void_reason
      OR NEW.created_by IS DISTINCT FROM OLD.created_by
      OR NEW.created_at IS DISTINCT FROM OLD.created_at
    THEN
      RAISE EXCEPTION 'invoice % is %: its contents cannot change', OLD.invoice_no, OLD.status;
    END IF;
    IF OLD.pdf_key IS NOT NULL AND (NEW.pdf_key IS DISTINCT FROM OLD.pdf_key OR NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256) THEN
      RAISE EXCEPTION 'the stored document of invoice % cannot change', OLD.invoice_no;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
