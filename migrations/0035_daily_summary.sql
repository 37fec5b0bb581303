ALTER TABLE "admin_profiles" ADD COLUMN "daily_summary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_profiles" ADD COLUMN "daily_summary_sent_on" date;