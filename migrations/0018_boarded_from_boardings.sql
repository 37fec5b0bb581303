-- The boardings become the one record of who boarded. A "present" marked by hand counted only in
-- boarded_count: it becomes a boarding by hand of the persons it added, at the ticket's From stop.
-- A party a no-show marking had set back to 0 is on board again, as its boardings say.
INSERT INTO "boardings" ("id", "ticket_id", "schedule_id", "stop", "persons", "accepted", "outcome", "deliberate", "device_id", "device_time", "user_id", "received_at")
SELECT gen_random_uuid(), t."id", t."schedule_id",
  coalesce((
    SELECT count(*)::int FROM "schedule_route_stops" AS o
    WHERE o."schedule_id" = t."schedule_id" AND o."stop_order" < (
      SELECT s."stop_order" FROM "schedule_route_stops" AS s
      WHERE s."schedule_id" = t."schedule_id" AND s."location_id" = t."user_origin_id"
      ORDER BY s."stop_order" LIMIT 1
    )
  ), 0),
  t."boarded_count" - b."counted", t."boarded_count" - b."counted", 'boarded', false, 'by-hand',
  t."updated_at", NULL, t."updated_at"
FROM "tickets" AS t
CROSS JOIN LATERAL (
  SELECT coalesce(sum(x."accepted"), 0)::int AS "counted" FROM "boardings" AS x WHERE x."ticket_id" = t."id"
) AS b
WHERE t."boarded_count" > b."counted";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "boarded_count";
