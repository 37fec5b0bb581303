CREATE TABLE "route_fares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin_id" uuid NOT NULL,
	"destination_id" uuid NOT NULL,
	"ticket_type" text NOT NULL,
	"category" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_fares_two_places" CHECK ("route_fares"."origin_id" <> "route_fares"."destination_id"),
	CONSTRAINT "route_fares_price_not_negative" CHECK ("route_fares"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "route_fares" ADD CONSTRAINT "route_fares_origin_id_locations_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_fares" ADD CONSTRAINT "route_fares_destination_id_locations_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "route_fares_pair_kind_uq" ON "route_fares" USING btree ("origin_id","destination_id","ticket_type","category");--> statement-breakpoint
CREATE INDEX "route_fares_destination_idx" ON "route_fares" USING btree ("destination_id");