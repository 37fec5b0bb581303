-- The booking reference is made at the seat lock and kept by the booking session for a day
-- (docs/decisions/039-reference-at-lock.md); every fresh reference is claimed here first.
CREATE TABLE "reserved_references" (
	"reference" text PRIMARY KEY NOT NULL,
	"user_session" text,
	"reserved_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reserved_references_session_uq" ON "reserved_references" USING btree ("user_session");--> statement-breakpoint
CREATE INDEX "reserved_references_until_idx" ON "reserved_references" USING btree ("reserved_until");