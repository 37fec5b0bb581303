-- The office's screens at a year of a busy operator (docs/decisions/045-year-scale.md): the
-- reference search by trigrams (PostgreSQL ships pg_trgm in its contrib package; PGlite loads it
-- with the database, src/server/db/client.ts), and the two foreign keys to tickets that had no
-- index, so deleting a ticket no longer reads every statement line and grant.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "booking_grants_ticket_idx" ON "booking_grants" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "statement_lines_suggested_ticket_idx" ON "statement_lines" USING btree ("suggested_ticket_id") WHERE "statement_lines"."suggested_ticket_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_reference_trgm_idx" ON "tickets" USING gin ("payment_reference" gin_trgm_ops);