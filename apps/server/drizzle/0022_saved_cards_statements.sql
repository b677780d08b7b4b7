CREATE TABLE "autopay_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autopay_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"payment_method_id" bigint,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_intent_id" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"next_retry_at" timestamp with time zone,
	"action_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autopay_pauses" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"invoice_id" bigint,
	"reason" text NOT NULL,
	"paused_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"credit_note_no" text NOT NULL,
	"invoice_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"issued_on" date NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"company_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_company_id_provider_pk" PRIMARY KEY("company_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_setups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_setups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"company_id" bigint NOT NULL,
	"url" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_credited" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_attempts" ADD CONSTRAINT "autopay_attempts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_pauses" ADD CONSTRAINT "autopay_pauses_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_pauses" ADD CONSTRAINT "autopay_pauses_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_setups" ADD CONSTRAINT "payment_setups_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_setups" ADD CONSTRAINT "payment_setups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_attempts_invoice_attempt_key" ON "autopay_attempts" USING btree ("invoice_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_attempts_intent_key" ON "autopay_attempts" USING btree ("provider","payment_intent_id") WHERE payment_intent_id is not null;--> statement-breakpoint
CREATE INDEX "autopay_attempts_retry_idx" ON "autopay_attempts" USING btree ("next_retry_at") WHERE status = 'failed' and next_retry_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_no_key" ON "credit_notes" USING btree ("credit_note_no");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "credit_notes_company_idx" ON "credit_notes" USING btree ("company_id","issued_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_customer_key" ON "payment_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_key" ON "payment_methods" USING btree ("provider","provider_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_default_key" ON "payment_methods" USING btree ("company_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "payment_methods_company_idx" ON "payment_methods" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_setups_session_key" ON "payment_setups" USING btree ("provider","session_id");