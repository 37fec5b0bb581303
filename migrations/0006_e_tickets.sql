ALTER TABLE "tickets" ADD COLUMN "eticket_token" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "eticket_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_eticket_token_uq" ON "tickets" USING btree ("eticket_token");