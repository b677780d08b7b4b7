CREATE TABLE "payment_stages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"percent_bp" integer,
	"amount" bigint,
	"release" text NOT NULL,
	"due_date" date,
	"card_id" bigint,
	"invoice_id" bigint,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"frequency" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"day" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"count" integer,
	"auto_send" boolean DEFAULT true NOT NULL,
	"auto_charge" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_run_on" date,
	"last_period_on" date,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recurring_invoice_id" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recurring_period_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_stage_id" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "auto_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_stages" ADD CONSTRAINT "payment_stages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_stages" ADD CONSTRAINT "payment_stages_card_id_board_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."board_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_stages" ADD CONSTRAINT "payment_stages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_invoices" ADD CONSTRAINT "recurring_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_stages_project_idx" ON "payment_stages" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "payment_stages_unreleased_idx" ON "payment_stages" USING btree ("release","due_date") WHERE invoice_id is null;--> statement-breakpoint
CREATE INDEX "payment_stages_card_idx" ON "payment_stages" USING btree ("card_id") WHERE card_id is not null;--> statement-breakpoint
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("next_run_on") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "recurring_invoices_project_idx" ON "recurring_invoices" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_recurring_invoice_id_recurring_invoices_id_fk" FOREIGN KEY ("recurring_invoice_id") REFERENCES "public"."recurring_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_stage_id_payment_stages_id_fk" FOREIGN KEY ("payment_stage_id") REFERENCES "public"."payment_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_recurring_period_key" ON "invoices" USING btree ("recurring_invoice_id","recurring_period_on") WHERE recurring_invoice_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_stage_key" ON "invoices" USING btree ("payment_stage_id") WHERE payment_stage_id is not null;