CREATE TABLE "signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "launches" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kept_subject" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kept_text" text;--> statement-breakpoint
ALTER TABLE "pwa_settings" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "pwa_settings" ADD COLUMN "booking_email" text;--> statement-breakpoint
ALTER TABLE "pwa_settings" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seat_locks" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "seat_locks" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "client_ip" text;--> statement-breakpoint
CREATE INDEX "signing_keys_purpose_idx" ON "signing_keys" USING btree ("purpose","created_at");--> statement-breakpoint
CREATE INDEX "email_codes_ip_created_idx" ON "email_codes" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_device_idx" ON "login_failures" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "seat_locks_email_idx" ON "seat_locks" USING btree ("email","locked_until");--> statement-breakpoint
CREATE INDEX "seat_locks_ip_idx" ON "seat_locks" USING btree ("client_ip","schedule_id","travel_date");--> statement-breakpoint
CREATE INDEX "tickets_pending_email_idx" ON "tickets" USING btree (lower("passenger_email")) WHERE "tickets"."ticket_status" = 'pending';--> statement-breakpoint
CREATE INDEX "tickets_pending_ip_idx" ON "tickets" USING btree ("client_ip","schedule_id","travel_date") WHERE "tickets"."ticket_status" = 'pending';