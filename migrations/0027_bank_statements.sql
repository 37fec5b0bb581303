CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"imported_by" uuid,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"ignored" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"suggested" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"account" text NOT NULL,
	"row" integer NOT NULL,
	"booked_on" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"remark" text NOT NULL,
	"payer" text,
	"bank_transaction_id" text,
	"fingerprint" text NOT NULL,
	"reference_candidates" text[] NOT NULL,
	"status" text NOT NULL,
	"ignored_reason" text,
	"suggested_ticket_id" uuid,
	"suggestion_kind" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"account" text NOT NULL,
	"layout_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "statement_mappings_account_layout_key_pk" PRIMARY KEY("account","layout_key")
);
--> statement-breakpoint
CREATE TABLE "statement_payments" (
	"line_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "approve_matched" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "fee_tolerance_mvr" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "fee_tolerance_usd" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_admin_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_suggested_ticket_id_tickets_id_fk" FOREIGN KEY ("suggested_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_resolved_by_admin_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_line_id_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."statement_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_payments" ADD CONSTRAINT "statement_payments_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statements_created_idx" ON "bank_statements" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_transaction_uq" ON "statement_lines" USING btree ("account","bank_transaction_id") WHERE "statement_lines"."bank_transaction_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_fingerprint_uq" ON "statement_lines" USING btree ("account","fingerprint");--> statement-breakpoint
CREATE INDEX "statement_lines_status_created_idx" ON "statement_lines" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "statement_lines_statement_idx" ON "statement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_payments_line_ticket_uq" ON "statement_payments" USING btree ("line_id","ticket_id");--> statement-breakpoint
CREATE INDEX "statement_payments_ticket_idx" ON "statement_payments" USING btree ("ticket_id");