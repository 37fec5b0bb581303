-- A seat is taken for the legs of its passenger's stretch, not for the whole departure
-- (docs/decisions/032-seats-per-leg.md). Leg i runs from stop i to stop i+1 of the route, in
-- stop order; a row holds the legs [from_stop, to_stop).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "seat_locks" ADD COLUMN "from_stop" integer;--> statement-breakpoint
ALTER TABLE "seat_locks" ADD COLUMN "to_stop" integer;--> statement-breakpoint
ALTER TABLE "seat_locks" ADD COLUMN "origin_id" uuid;--> statement-breakpoint
ALTER TABLE "seat_locks" ADD COLUMN "destination_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_seats" ADD COLUMN "from_stop" integer;--> statement-breakpoint
ALTER TABLE "ticket_seats" ADD COLUMN "to_stop" integer;--> statement-breakpoint
-- A booking made before covers its own From -> To; one without stops, and every lock (locks
-- did not carry a stretch), the whole departure.
WITH stops AS (
  SELECT schedule_id, location_id, (row_number() OVER (PARTITION BY schedule_id ORDER BY stop_order) - 1)::int AS pos,
    count(*) OVER (PARTITION BY schedule_id)::int AS n
  FROM "schedule_route_stops"
)
UPDATE "ticket_seats" AS ts SET
  "from_stop" = coalesce((SELECT s.pos FROM stops s WHERE s.schedule_id = ts.schedule_id AND s.location_id = t.user_origin_id LIMIT 1), 0),
  "to_stop" = coalesce(
    (SELECT s.pos FROM stops s WHERE s.schedule_id = ts.schedule_id AND s.location_id = t.user_destination_id LIMIT 1),
    (SELECT greatest(max(s.n) - 1, 1) FROM stops s WHERE s.schedule_id = ts.schedule_id),
    1)
FROM "tickets" AS t WHERE t.id = ts.ticket_id;--> statement-breakpoint
-- A stretch read backwards or onto one stop would hold nothing: such a row keeps the whole departure.
UPDATE "ticket_seats" AS ts SET "from_stop" = 0, "to_stop" = coalesce(
    (SELECT greatest(count(*)::int - 1, 1) FROM "schedule_route_stops" s WHERE s.schedule_id = ts.schedule_id), 1)
  WHERE "from_stop" IS NULL OR "to_stop" IS NULL OR "to_stop" <= "from_stop";--> statement-breakpoint
UPDATE "seat_locks" AS k SET "from_stop" = 0, "to_stop" = coalesce(
    (SELECT greatest(count(*)::int - 1, 1) FROM "schedule_route_stops" s WHERE s.schedule_id = k.schedule_id), 1);--> statement-breakpoint
ALTER TABLE "seat_locks" ALTER COLUMN "from_stop" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_locks" ALTER COLUMN "to_stop" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_seats" ALTER COLUMN "from_stop" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_seats" ALTER COLUMN "to_stop" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_locks" ADD CONSTRAINT "seat_locks_legs_check" CHECK ("from_stop" >= 0 AND "to_stop" > "from_stop");--> statement-breakpoint
ALTER TABLE "ticket_seats" ADD CONSTRAINT "ticket_seats_legs_check" CHECK ("from_stop" >= 0 AND "to_stop" > "from_stop");--> statement-breakpoint
DROP INDEX "seat_locks_seat_uq";--> statement-breakpoint
DROP INDEX "ticket_seats_seat_uq";--> statement-breakpoint
-- What the unique indexes guaranteed per departure, now per leg: no two rows of one seat on one
-- launch and trip share a leg.
ALTER TABLE "ticket_seats" ADD CONSTRAINT "ticket_seats_seat_legs_excl" EXCLUDE USING gist (
  "schedule_id" WITH =, "travel_date" WITH =, "launch_id" WITH =, "seat_number" WITH =,
  int4range("from_stop", "to_stop") WITH &&);--> statement-breakpoint
ALTER TABLE "seat_locks" ADD CONSTRAINT "seat_locks_seat_legs_excl" EXCLUDE USING gist (
  "schedule_id" WITH =, "travel_date" WITH =, "launch_id" WITH =, "seat_number" WITH =,
  int4range("from_stop", "to_stop") WITH &&);--> statement-breakpoint
CREATE INDEX "seat_locks_seat_idx" ON "seat_locks" USING btree ("schedule_id","travel_date","launch_id","seat_number");--> statement-breakpoint
CREATE INDEX "ticket_seats_seat_idx" ON "ticket_seats" USING btree ("schedule_id","travel_date","launch_id","seat_number");
