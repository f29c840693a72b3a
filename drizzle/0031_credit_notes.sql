-- Credit notes (issue 32, decision 0070): part of an issued invoice no longer owed, numbered in a
-- series of their own, never changed; the invoice keeps their sum beside its payments'.
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_amounts" CHECK ("credit_notes"."amount_cents" > 0 AND "credit_notes"."tax_cents" >= 0 AND "credit_notes"."tax_cents" <= "credit_notes"."amount_cents")
);
--> statement-breakpoint
DROP INDEX "invoices_owing_idx";--> statement-breakpoint
ALTER TABLE "invoice_numbers" ADD COLUMN "last_credit_note" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_created_idx" ON "credit_notes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoices_owing_idx" ON "invoices" USING btree ("issued_at") WHERE "invoices"."status" = 'issued' AND "invoices"."total_cents" > "invoices"."paid_cents" + "invoices"."credited_cents";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited" CHECK ("invoices"."credited_cents" >= 0 AND "invoices"."paid_cents" + "invoices"."credited_cents" <= "invoices"."total_cents");
--> statement-breakpoint
-- As in 0027, with the credited sum, which only ever grows once issued.
CREATE OR REPLACE FUNCTION "invoices_fixed_once_issued"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    OR NEW.credited_cents < OLD.credited_cents
    OR (OLD.status = 'void' AND NEW IS DISTINCT FROM OLD)
    OR (NEW.status = 'draft')
  ) THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "credit_notes_never_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a credit note is never changed or deleted' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "credit_notes_never_change" BEFORE UPDATE OR DELETE ON "credit_notes"
  FOR EACH ROW EXECUTE FUNCTION "credit_notes_never_change"();
