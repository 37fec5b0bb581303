ALTER TABLE "payment_settings" ADD COLUMN "usual_approval_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "pwa_settings" ADD COLUMN "home_claims" jsonb;