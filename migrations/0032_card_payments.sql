CREATE TABLE "card_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"local_id" text NOT NULL,
	"ticket_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text,
	"redirect_url" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "gateway_error" text;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_local_id_uq" ON "card_payments" USING btree ("local_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_transaction_uq" ON "card_payments" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "card_payments_ticket_idx" ON "card_payments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "card_payments_open_idx" ON "card_payments" USING btree ("hold_until") WHERE "card_payments"."state" = 'open';