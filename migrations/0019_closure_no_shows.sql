ALTER TABLE "boarding_closures" ADD COLUMN "no_show_tickets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- A closing kept the tickets it marked no-show in its audit entry only: a reopening unmarks them.
UPDATE "boarding_closures" AS c SET "no_show_tickets" = coalesce((
  SELECT a."after" -> 'noShowTickets' FROM "audit_log" AS a
  WHERE a."action" = 'close_boarding' AND a."entity" = 'schedule' AND a."entity_id" = c."schedule_id"::text
    AND a."after" ->> 'stop' = c."stop"::text AND jsonb_typeof(a."after" -> 'noShowTickets') = 'array'
  ORDER BY a."created_at" DESC LIMIT 1
), '[]'::jsonb);
