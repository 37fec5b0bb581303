CREATE TABLE "partner_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"paid_on" date NOT NULL,
	"bank_reference" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_payments_amount_positive" CHECK ("partner_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_email" text NOT NULL,
	"currency" text NOT NULL,
	"commission_percent" numeric(5, 2) NOT NULL,
	"credit_limit" numeric(12, 2) NOT NULL,
	"payment_terms_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_commission_range" CHECK ("partners"."commission_percent" between 0 and 100),
	CONSTRAINT "partners_credit_limit_positive" CHECK ("partners"."credit_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payments" ADD CONSTRAINT "partner_payments_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_payments_partner_idx" ON "partner_payments" USING btree ("partner_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_name_uq" ON "partners" USING btree (lower("name"));