DROP INDEX "refund_requests_open_uq";--> statement-breakpoint
ALTER TABLE "booking_grants" ADD COLUMN "email_code_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_payment_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_payment_verified" boolean;--> statement-breakpoint
ALTER TABLE "booking_grants" ADD CONSTRAINT "booking_grants_email_code_id_email_codes_id_fk" FOREIGN KEY ("email_code_id") REFERENCES "public"."email_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_open_uq" ON "refund_requests" USING btree ("ticket_id","reason","payment_verified") WHERE "refund_requests"."status" = 'requested';--> statement-breakpoint
-- A booking already rebooked to a dearer departure: its first payment was the total less the
-- difference, and it had been verified if the office had approved the booking before.
UPDATE "tickets" SET "first_payment_amount" = "total_amount" - "extra_amount", "first_payment_verified" = "approved_at" IS NOT NULL WHERE "extra_amount" IS NOT NULL;
