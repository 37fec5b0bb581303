CREATE TABLE "text_overrides" (
	"language" text NOT NULL,
	"text_id" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_overrides_language_text_id_pk" PRIMARY KEY("language","text_id")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "name_dv" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "bank_name_dv" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "bank_name_usd_dv" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "payment_instructions_dv" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;