-- Return trips in one booking (docs/decisions/037-return-trips.md): a reference holds one or two
-- journeys, each a tickets row with its own seats, state and signed code; the return row points at
-- its outbound. Existing rows are journey 1. A return discount per port pair, either way round.
CREATE TABLE "return_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin_id" uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"percent_off" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_discounts_two_places" CHECK ("return_discounts"."origin_id" <> "return_discounts"."destination_id"),
	CONSTRAINT "return_discounts_percent_range" CHECK ("return_discounts"."percent_off" > 0 and "return_discounts"."percent_off" <= 100)
);
--> statement-breakpoint
DROP INDEX "tickets_reference_uq";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "journey" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "outbound_id" uuid;--> statement-breakpoint
ALTER TABLE "return_discounts" ADD CONSTRAINT "return_discounts_origin_id_locations_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_discounts" ADD CONSTRAINT "return_discounts_destination_id_locations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_discounts_pair_uq" ON "return_discounts" USING btree ("origin_id","destination_id");--> statement-breakpoint
CREATE INDEX "return_discounts_destination_idx" ON "return_discounts" USING btree ("destination_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_outbound_id_tickets_id_fk" FOREIGN KEY ("outbound_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_reference_journey_uq" ON "tickets" USING btree ("payment_reference","journey");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_outbound_uq" ON "tickets" USING btree ("outbound_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_journey_known" CHECK ("tickets"."journey" in (1, 2) and ("tickets"."journey" = 2) = ("tickets"."outbound_id" is not null));