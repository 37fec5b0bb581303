CREATE TABLE "booking_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "refund_requests_ticket_uq";--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "refund_policy" jsonb DEFAULT '[{"hoursBefore":24,"percent":100},{"hoursBefore":2,"percent":50}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "percent" integer;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "bank_reference" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "extra_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "extra_slip_key" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rebook_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_grants" ADD CONSTRAINT "booking_grants_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_changes_request_uq" ON "booking_changes" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "booking_changes_ticket_idx" ON "booking_changes" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_grants_token_uq" ON "booking_grants" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "booking_grants_expires_idx" ON "booking_grants" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_open_uq" ON "refund_requests" USING btree ("ticket_id","reason") WHERE "refund_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "refund_requests_ticket_idx" ON "refund_requests" USING btree ("ticket_id");