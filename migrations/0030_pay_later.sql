ALTER TABLE "payment_settings" ADD COLUMN "pay_later_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "pay_later_hold_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "pay_later_cutoff_hours" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "pay_later_max_share_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "payment_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_payment_due_idx" ON "tickets" USING btree ("payment_due_at") WHERE "tickets"."payment_due_at" is not null;