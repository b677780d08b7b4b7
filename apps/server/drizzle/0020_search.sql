ALTER TABLE "board_cards" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "client_companies" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("tax_number", '')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("invoice_no", '')), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("message_content", '')), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("description", '')), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce("category", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("intro_markdown", '')), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("email", '')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "board_cards_search_idx" ON "board_cards" USING gin ("search");--> statement-breakpoint
CREATE INDEX "client_companies_search_idx" ON "client_companies" USING gin ("search");--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin ("search");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search");--> statement-breakpoint
CREATE INDEX "proposals_search_idx" ON "proposals" USING gin ("search");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search");