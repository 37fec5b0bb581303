-- Every person of a booking named, and infants on an adult's lap (docs/decisions/035-every-person-named.md).
-- A booking made before keeps its one name, the contact on the ticket: no rows here, no backfill.
CREATE TABLE "ticket_passengers" (
	"ticket_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"nationality" text NOT NULL,
	"category" text NOT NULL,
	"ticket_type" text NOT NULL,
	CONSTRAINT "ticket_passengers_ticket_id_position_pk" PRIMARY KEY("ticket_id","position")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "infant_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_passengers" ADD CONSTRAINT "ticket_passengers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;