CREATE TABLE "ticket_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"travel_date" date NOT NULL,
	"ticket_status" text NOT NULL,
	"tickets" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ticket_counts_date_status_idx" ON "ticket_counts" USING btree ("travel_date","ticket_status");--> statement-breakpoint
-- The tab counts as they stand: every ticket once, by travel date and status.
INSERT INTO "ticket_counts" ("travel_date", "ticket_status", "tickets")
SELECT "travel_date", "ticket_status", count(*) FROM "tickets" GROUP BY "travel_date", "ticket_status";
--> statement-breakpoint
-- One row per date and status a statement added, removed or moved tickets of: set-based
-- whatever the statement's size, and append-only, so no two bookings wait on one count row.
CREATE FUNCTION "ticket_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_counts (travel_date, ticket_status, tickets)
  SELECT travel_date, ticket_status, count(*) FROM new_rows GROUP BY travel_date, ticket_status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ticket_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_counts (travel_date, ticket_status, tickets)
  SELECT travel_date, ticket_status, -count(*) FROM old_rows GROUP BY travel_date, ticket_status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "ticket_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_counts (travel_date, ticket_status, tickets)
  SELECT travel_date, ticket_status, sum(n) FROM (
    SELECT o.travel_date, o.ticket_status, -1 AS n
      FROM old_rows o JOIN new_rows w ON w.id = o.id
     WHERE (o.travel_date, o.ticket_status) IS DISTINCT FROM (w.travel_date, w.ticket_status)
    UNION ALL
    SELECT w.travel_date, w.ticket_status, 1 AS n
      FROM old_rows o JOIN new_rows w ON w.id = o.id
     WHERE (o.travel_date, o.ticket_status) IS DISTINCT FROM (w.travel_date, w.ticket_status)
  ) moved
  GROUP BY travel_date, ticket_status HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tickets_counted_on_insert" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "tickets_counted_on_delete" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "tickets_counted_on_update" AFTER UPDATE ON "tickets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_counts_updated"();
