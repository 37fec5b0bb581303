CREATE TABLE "report_day_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_day_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"travel_date" date
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"travel_date" date PRIMARY KEY NOT NULL,
	"figures" json NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_day_changes_date_idx" ON "report_day_changes" USING btree ("travel_date");
--> statement-breakpoint
-- A closed day's report is kept (report_days) until something it reads changes: each statement
-- on those tables notes the travel dates it touched, once each. Only dates up to tomorrow in the
-- database's zone, which covers the operator's today in any zone: a later date has no kept
-- report, and when its day closes its report is computed from the tables as they are then.
CREATE FUNCTION "tickets_report_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT travel_date FROM new_rows) d WHERE d.travel_date < current_date + 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT travel_date FROM old_rows) d WHERE d.travel_date < current_date + 2;
  ELSE
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT travel_date FROM new_rows UNION SELECT travel_date FROM old_rows) d
     WHERE d.travel_date < current_date + 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tickets_report_day_inserted" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "tickets_report_day_updated" AFTER UPDATE ON "tickets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "tickets_report_day_deleted" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_report_day_changed"();
--> statement-breakpoint
CREATE FUNCTION "ticket_seats_report_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT travel_date FROM new_rows) d WHERE d.travel_date < current_date + 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT travel_date FROM old_rows) d WHERE d.travel_date < current_date + 2;
  ELSE
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT travel_date FROM new_rows UNION SELECT travel_date FROM old_rows) d
     WHERE d.travel_date < current_date + 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ticket_seats_report_day_inserted" AFTER INSERT ON "ticket_seats"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_seats_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "ticket_seats_report_day_updated" AFTER UPDATE ON "ticket_seats"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_seats_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "ticket_seats_report_day_deleted" AFTER DELETE ON "ticket_seats"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_seats_report_day_changed"();
--> statement-breakpoint
CREATE FUNCTION "schedules_report_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT travel_date FROM new_rows) d WHERE d.travel_date < current_date + 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT travel_date FROM old_rows) d WHERE d.travel_date < current_date + 2;
  ELSE
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT travel_date FROM new_rows UNION SELECT travel_date FROM old_rows) d
     WHERE d.travel_date < current_date + 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "schedules_report_day_inserted" AFTER INSERT ON "schedules"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "schedules_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "schedules_report_day_updated" AFTER UPDATE ON "schedules"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "schedules_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "schedules_report_day_deleted" AFTER DELETE ON "schedules"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "schedules_report_day_changed"();
--> statement-breakpoint
CREATE FUNCTION "boardings_report_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT s.travel_date FROM new_rows x JOIN schedules s ON s.id = x.schedule_id) d WHERE d.travel_date < current_date + 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT s.travel_date FROM old_rows x JOIN schedules s ON s.id = x.schedule_id) d WHERE d.travel_date < current_date + 2;
  ELSE
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT s.travel_date FROM new_rows x JOIN schedules s ON s.id = x.schedule_id UNION SELECT s.travel_date FROM old_rows x JOIN schedules s ON s.id = x.schedule_id) d
     WHERE d.travel_date < current_date + 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "boardings_report_day_inserted" AFTER INSERT ON "boardings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "boardings_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "boardings_report_day_updated" AFTER UPDATE ON "boardings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "boardings_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "boardings_report_day_deleted" AFTER DELETE ON "boardings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "boardings_report_day_changed"();
--> statement-breakpoint
CREATE FUNCTION "schedule_route_stops_report_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT s.travel_date FROM new_rows x JOIN schedules s ON s.id = x.schedule_id) d WHERE d.travel_date < current_date + 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT s.travel_date FROM old_rows x JOIN schedules s ON s.id = x.schedule_id) d WHERE d.travel_date < current_date + 2;
  ELSE
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT s.travel_date FROM new_rows x JOIN schedules s ON s.id = x.schedule_id UNION SELECT s.travel_date FROM old_rows x JOIN schedules s ON s.id = x.schedule_id) d
     WHERE d.travel_date < current_date + 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "schedule_route_stops_report_day_inserted" AFTER INSERT ON "schedule_route_stops"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "schedule_route_stops_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "schedule_route_stops_report_day_updated" AFTER UPDATE ON "schedule_route_stops"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "schedule_route_stops_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "schedule_route_stops_report_day_deleted" AFTER DELETE ON "schedule_route_stops"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "schedule_route_stops_report_day_changed"();
--> statement-breakpoint
CREATE FUNCTION "schedule_launches_report_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT s.travel_date FROM new_rows x JOIN schedules s ON s.id = x.schedule_id) d WHERE d.travel_date < current_date + 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT s.travel_date FROM old_rows x JOIN schedules s ON s.id = x.schedule_id) d WHERE d.travel_date < current_date + 2;
  ELSE
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT s.travel_date FROM new_rows x JOIN schedules s ON s.id = x.schedule_id UNION SELECT s.travel_date FROM old_rows x JOIN schedules s ON s.id = x.schedule_id) d
     WHERE d.travel_date < current_date + 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "schedule_launches_report_day_inserted" AFTER INSERT ON "schedule_launches"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "schedule_launches_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "schedule_launches_report_day_updated" AFTER UPDATE ON "schedule_launches"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "schedule_launches_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "schedule_launches_report_day_deleted" AFTER DELETE ON "schedule_launches"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "schedule_launches_report_day_changed"();
--> statement-breakpoint
CREATE FUNCTION "refund_requests_report_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT t.travel_date FROM new_rows x JOIN tickets t ON t.id = x.ticket_id) d WHERE d.travel_date < current_date + 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT t.travel_date FROM old_rows x JOIN tickets t ON t.id = x.ticket_id) d WHERE d.travel_date < current_date + 2;
  ELSE
    INSERT INTO report_day_changes (travel_date)
    SELECT DISTINCT d.travel_date FROM (SELECT t.travel_date FROM new_rows x JOIN tickets t ON t.id = x.ticket_id UNION SELECT t.travel_date FROM old_rows x JOIN tickets t ON t.id = x.ticket_id) d
     WHERE d.travel_date < current_date + 2;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refund_requests_report_day_inserted" AFTER INSERT ON "refund_requests"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "refund_requests_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "refund_requests_report_day_updated" AFTER UPDATE ON "refund_requests"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "refund_requests_report_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "refund_requests_report_day_deleted" AFTER DELETE ON "refund_requests"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "refund_requests_report_day_changed"();
--> statement-breakpoint
CREATE FUNCTION "report_every_day_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A launch's seats or a place's name is in every day's report that used it.
  INSERT INTO report_day_changes (travel_date) VALUES (NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "launches_report_days_changed" AFTER UPDATE OR DELETE ON "launches"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_every_day_changed"();
--> statement-breakpoint
CREATE TRIGGER "locations_report_days_changed" AFTER UPDATE OR DELETE ON "locations"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_every_day_changed"();
