CREATE TABLE "brand_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"agency_name" text DEFAULT '' NOT NULL,
	"primary_color" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_email" text DEFAULT '' NOT NULL,
	"footer_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo_storage_key" text,
	"logo_mime" text,
	"logo_sha256" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "brand_settings_one_row" CHECK ("brand_settings"."id" = 1)
);
