-- The day's close (issue 32 item 7, decision 0066): one row per shop-local day with the cash
-- counted, the difference and the day's totals as they stood; the voids of a day found by index.
CREATE TABLE "day_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"expected_cash_cents" integer NOT NULL,
	"counted_cash_cents" integer NOT NULL,
	"over_short_cents" integer NOT NULL,
	"note" varchar(500),
	"closed_by" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"totals" jsonb NOT NULL,
	CONSTRAINT "day_closes_business_date_unique" UNIQUE("business_date"),
	CONSTRAINT "day_closes_amounts" CHECK ("day_closes"."expected_cash_cents" >= 0 AND "day_closes"."counted_cash_cents" BETWEEN 0 AND 100000000),
	CONSTRAINT "day_closes_over_short" CHECK ("day_closes"."over_short_cents" = "day_closes"."counted_cash_cents" - "day_closes"."expected_cash_cents")
);
--> statement-breakpoint
ALTER TABLE "day_closes" ADD CONSTRAINT "day_closes_closed_by_staff_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_voided_idx" ON "invoices" USING btree ("voided_at");--> statement-breakpoint
-- A closed day's count and totals are the shop's record of that day: no code path changes them.
-- Only the foreign key's own "set null" passes, when a staff account is deleted.
CREATE FUNCTION "day_closes_never_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.closed_by IS NULL THEN
    OLD.closed_by := NULL;
    IF NEW IS NOT DISTINCT FROM OLD THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'a day''s close is never changed or deleted' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "day_closes_never_change" BEFORE UPDATE OR DELETE ON "day_closes"
  FOR EACH ROW EXECUTE FUNCTION "day_closes_never_change"();
