CREATE TABLE "boarding_closures" (
	"schedule_id" uuid NOT NULL,
	"stop" integer NOT NULL,
	"closed_by" uuid,
	"closed_by_name" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"crew" integer,
	"no_shows" integer NOT NULL,
	"counted_off" integer NOT NULL,
	"passengers_aboard" integer NOT NULL,
	CONSTRAINT "boarding_closures_schedule_id_stop_pk" PRIMARY KEY("schedule_id","stop")
);
--> statement-breakpoint
CREATE TABLE "boardings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"stop" integer NOT NULL,
	"persons" integer NOT NULL,
	"accepted" integer NOT NULL,
	"outcome" text NOT NULL,
	"deliberate" boolean DEFAULT false NOT NULL,
	"device_id" text NOT NULL,
	"device_time" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "boarded_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Passengers already marked present boarded whole.
UPDATE "tickets" SET "boarded_count" = "adult_count" + "child_count" WHERE "marked_status" = 'present';--> statement-breakpoint
ALTER TABLE "boarding_closures" ADD CONSTRAINT "boarding_closures_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boarding_closures" ADD CONSTRAINT "boarding_closures_closed_by_admin_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boardings" ADD CONSTRAINT "boardings_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boardings_ticket_idx" ON "boardings" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "boardings_schedule_idx" ON "boardings" USING btree ("schedule_id");