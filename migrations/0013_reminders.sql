ALTER TABLE "pwa_settings" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reminder_sent_at" timestamp with time zone;