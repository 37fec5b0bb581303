-- The office's reference search by trigrams (docs/decisions/045-year-scale.md). PostgreSQL ships
-- pg_trgm in its contrib package; PGlite loads it with the database (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tickets_reference_trgm_idx" ON "tickets" USING gin ("payment_reference" gin_trgm_ops);
