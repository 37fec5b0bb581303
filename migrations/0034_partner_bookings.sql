CREATE TABLE "allotments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"travel_date" date NOT NULL,
	"launch_id" uuid NOT NULL,
	"seats" text[] NOT NULL,
	"release_hours" integer NOT NULL,
	"releases_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"month" date NOT NULL,
	"number" text NOT NULL,
	"currency" text NOT NULL,
	"opening_balance" numeric(12, 2) NOT NULL,
	"charged" numeric(12, 2) NOT NULL,
	"commission" numeric(12, 2) NOT NULL,
	"cancelled" numeric(12, 2) NOT NULL,
	"paid" numeric(12, 2) NOT NULL,
	"closing_balance" numeric(12, 2) NOT NULL,
	"due_on" date NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_payments" ADD COLUMN "statement_line_id" uuid;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "cancel_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "partners_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "seat_locks" ADD COLUMN "allotment_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_links" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "public_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "commission_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_launch_id_launches_id_fk" FOREIGN KEY ("launch_id") REFERENCES "public"."launches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allotments" ADD CONSTRAINT "allotments_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_users" ADD CONSTRAINT "partner_users_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_users" ADD CONSTRAINT "partner_users_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allotments_partner_idx" ON "allotments" USING btree ("partner_id","travel_date");--> statement-breakpoint
CREATE INDEX "allotments_departure_idx" ON "allotments" USING btree ("schedule_id","travel_date");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_statements_month_uq" ON "partner_statements" USING btree ("partner_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_statements_number_uq" ON "partner_statements" USING btree ("number");--> statement-breakpoint
CREATE INDEX "partner_users_partner_idx" ON "partner_users" USING btree ("partner_id");--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_statement_line_id_statement_lines_id_fk" FOREIGN KEY ("statement_line_id") REFERENCES "public"."statement_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_locks" ADD CONSTRAINT "seat_locks_allotment_id_allotments_id_fk" FOREIGN KEY ("allotment_id") REFERENCES "public"."allotments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_links" ADD CONSTRAINT "staff_links_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payments_line_uq" ON "partner_payments" USING btree ("statement_line_id");--> statement-breakpoint
CREATE INDEX "seat_locks_allotment_idx" ON "seat_locks" USING btree ("allotment_id");--> statement-breakpoint
CREATE INDEX "tickets_partner_created_idx" ON "tickets" USING btree ("partner_id","created_at") WHERE "tickets"."partner_id" is not null;