CREATE TABLE "counter_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opened_on" date NOT NULL,
	"floats" jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"expected" jsonb,
	"counted" jsonb,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sold_by" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "shift_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "sale_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "amount_received" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "transfer_reference" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "counter_shifts" ADD CONSTRAINT "counter_shifts_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_shifts_open_uq" ON "counter_shifts" USING btree ("user_id") WHERE "counter_shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "counter_shifts_opened_on_idx" ON "counter_shifts" USING btree ("opened_on");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_sold_by_admin_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_shift_id_counter_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."counter_shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_voided_by_admin_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_sale_id_uq" ON "tickets" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "tickets_shift_idx" ON "tickets" USING btree ("shift_id");