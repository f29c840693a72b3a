ALTER TABLE "invoices" ADD COLUMN "warranty_days" smallint;--> statement-breakpoint
-- Invoices issued before this column gave the 90 days the terms said then. The trigger that keeps
-- an issued invoice fixed is set aside for this one backfill.
ALTER TABLE "invoices" DISABLE TRIGGER "invoices_fixed_once_issued";--> statement-breakpoint
UPDATE "invoices" SET "warranty_days" = 90 WHERE "status" <> 'draft';--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER "invoices_fixed_once_issued";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_warranty_days" CHECK (("invoices"."status" = 'draft') = ("invoices"."warranty_days" IS NULL) AND "invoices"."warranty_days" BETWEEN 0 AND 3650);
--> statement-breakpoint
-- As in 0031, with the warranty's length, fixed once issued.
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
    OR NEW.warranty_days IS DISTINCT FROM OLD.warranty_days
    OR NEW.paid_cents < OLD.paid_cents
    OR NEW.credited_cents < OLD.credited_cents
    OR (OLD.status = 'void' AND NEW IS DISTINCT FROM OLD)
    OR (NEW.status = 'draft')
  ) THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
