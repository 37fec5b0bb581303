-- Fare categories as data (docs/decisions/036-fare-categories.md): the operator's concessions, and an
-- infant's price in the default list (null: free, as before). Adult, child and infant stay built in.
CREATE TABLE "fare_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_dv" text NOT NULL,
	"price_rule" text NOT NULL,
	"percent_off" numeric(5, 2),
	"local_price" numeric(12, 2),
	"foreigner_price" numeric(12, 2),
	"seat" boolean NOT NULL,
	"id_required" boolean NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fare_categories_code" CHECK ("fare_categories"."code" ~ '^[a-z][a-z0-9_]{1,23}$'),
	CONSTRAINT "fare_categories_rule" CHECK ("fare_categories"."price_rule" in ('free', 'percent', 'price')),
	CONSTRAINT "fare_categories_percent" CHECK ("fare_categories"."percent_off" is null or ("fare_categories"."percent_off" >= 1 and "fare_categories"."percent_off" <= 100)),
	CONSTRAINT "fare_categories_prices_not_negative" CHECK (coalesce("fare_categories"."local_price", 0) >= 0 and coalesce("fare_categories"."foreigner_price", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "infant_local_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "infant_foreigner_price" numeric(12, 2);