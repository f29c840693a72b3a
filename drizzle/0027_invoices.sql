-- Invoices and payments (issue 32, decision 0065): integer cents, gapless numbers from one
-- counter row, deposits and payments that are never changed.
CREATE TYPE "public"."discount_kind" AS ENUM('amount', 'percent');--> statement-breakpoint
CREATE TYPE "public"."invoice_line_kind" AS ENUM('repair', 'part', 'labour', 'accessory', 'other');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'issued', 'void');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cash', 'debit', 'credit', 'etransfer', 'online');--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"kind" "invoice_line_kind" NOT NULL,
	"description" varchar(200) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"taxable" boolean NOT NULL,
	"repair_item_id" integer,
	CONSTRAINT "invoice_lines_position" UNIQUE("invoice_id","position"),
	CONSTRAINT "invoice_lines_quantity" CHECK ("invoice_lines"."quantity" BETWEEN 1 AND 999),
	CONSTRAINT "invoice_lines_unit" CHECK ("invoice_lines"."unit_cents" BETWEEN 0 AND 10000000)
);
--> statement-breakpoint
CREATE TABLE "invoice_numbers" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_numbers_single_row" CHECK ("invoice_numbers"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer,
	"booking_id" integer,
	"customer_id" integer,
	"customer_name" varchar(201) DEFAULT '' NOT NULL,
	"status" "invoice_status" DEFAULT 'draft' NOT NULL,
	"discount_kind" "discount_kind",
	"discount_value" integer,
	"discount_reason" varchar(200),
	"tax_rate_basis_points" integer NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_by" integer,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"void_reason" varchar(500),
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_numbered" CHECK (("invoices"."status" = 'draft') = ("invoices"."number" IS NULL)),
	CONSTRAINT "invoices_issued" CHECK (("invoices"."status" = 'draft') = ("invoices"."issued_at" IS NULL)),
	CONSTRAINT "invoices_voided" CHECK (("invoices"."status" = 'void') = ("invoices"."voided_at" IS NOT NULL AND "invoices"."void_reason" IS NOT NULL)),
	CONSTRAINT "invoices_discount" CHECK (("invoices"."discount_kind" IS NULL) = ("invoices"."discount_value" IS NULL) AND ("invoices"."discount_value" IS NULL OR "invoices"."discount_value" >= 0) AND ("invoices"."discount_kind" <> 'percent' OR "invoices"."discount_value" <= 10000)),
	CONSTRAINT "invoices_totals" CHECK ("invoices"."subtotal_cents" >= 0 AND "invoices"."discount_cents" BETWEEN 0 AND "invoices"."subtotal_cents" AND "invoices"."tax_cents" >= 0 AND "invoices"."total_cents" = "invoices"."subtotal_cents" - "invoices"."discount_cents" + "invoices"."tax_cents"),
	CONSTRAINT "invoices_paid" CHECK ("invoices"."paid_cents" >= 0),
	CONSTRAINT "invoices_tax_rate" CHECK ("invoices"."tax_rate_basis_points" >= 0 AND "invoices"."tax_rate_basis_points" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_cents" integer NOT NULL,
	"tendered_cents" integer,
	"reference" varchar(100),
	"deposit" boolean NOT NULL,
	"received_by" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submission_key" varchar(100),
	CONSTRAINT "payments_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_cents" > 0 AND "payments"."amount_cents" <= 100000000),
	CONSTRAINT "payments_tendered" CHECK (("payments"."method" = 'cash') = ("payments"."tendered_cents" IS NOT NULL) AND ("payments"."tendered_cents" IS NULL OR "payments"."tendered_cents" >= "payments"."amount_cents")),
	CONSTRAINT "payments_reference" CHECK ("payments"."method" NOT IN ('etransfer', 'online') OR "payments"."reference" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_repair_item_id_repair_items_id_fk" FOREIGN KEY ("repair_item_id") REFERENCES "public"."repair_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_staff_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_staff_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_received_by_staff_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_booking_idx" ON "invoices" USING btree ("booking_id") WHERE "invoices"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_received_idx" ON "payments" USING btree ("received_at");--> statement-breakpoint
INSERT INTO "invoice_numbers" ("id", "last_number") VALUES (1, 0);
--> statement-breakpoint
-- An issued invoice never changes: after issue only its payments' sum (and with it the version)
-- and a void may touch the row; its lines are fixed from the moment it leaves draft; a payment is
-- never changed or deleted. Enforced here so that no code path, present or future, can.
CREATE FUNCTION "invoices_fixed_once_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'draft' AND (
    NEW.number IS DISTINCT FROM OLD.number
    OR NEW.booking_id IS DISTINCT FROM OLD.booking_id
    OR NEW.customer_name IS DISTINCT FROM OLD.customer_name
    OR NEW.discount_kind IS DISTINCT FROM OLD.discount_kind
    OR NEW.discount_value IS DISTINCT FROM OLD.discount_value
    OR NEW.discount_reason IS DISTINCT FROM OLD.discount_reason
    OR NEW.tax_rate_basis_points IS DISTINCT FROM OLD.tax_rate_basis_points
    OR NEW.subtotal_cents IS DISTINCT FROM OLD.subtotal_cents
    OR NEW.discount_cents IS DISTINCT FROM OLD.discount_cents
    OR NEW.tax_cents IS DISTINCT FROM OLD.tax_cents
    OR NEW.total_cents IS DISTINCT FROM OLD.total_cents
    OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
    OR NEW.paid_cents < OLD.paid_cents
    OR (OLD.status = 'void' AND NEW IS DISTINCT FROM OLD)
    OR (NEW.status = 'draft')
  ) THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoices_fixed_once_issued" BEFORE UPDATE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_fixed_once_issued"();
--> statement-breakpoint
CREATE FUNCTION "invoice_lines_fixed_once_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "invoices"
    WHERE "id" IN (OLD.invoice_id, NEW.invoice_id) AND "status" <> 'draft'
  ) THEN
    RAISE EXCEPTION 'the lines of an issued invoice cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN COALESCE(NEW, OLD);
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoice_lines_fixed_once_issued" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoice_lines_fixed_once_issued"();
--> statement-breakpoint
CREATE FUNCTION "payments_never_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a payment is never changed or deleted' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_never_change" BEFORE UPDATE OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_never_change"();
