CREATE TABLE "booking_counts" (
	"device_category" "device_category" NOT NULL,
	"device_brand" varchar(100) NOT NULL,
	"issue_type" varchar(200) NOT NULL,
	"status" "booking_status" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "booking_counts_device_category_device_brand_issue_type_status_pk" PRIMARY KEY("device_category","device_brand","issue_type","status")
);
--> statement-breakpoint
-- Keeps booking_counts equal to the bookings table, row by row, in the same transaction. On a
-- change of key the two counter rows are touched in key order, so two concurrent updates
-- cannot deadlock on them.
CREATE FUNCTION "booking_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_brand varchar(100);
  new_brand varchar(100);
  old_first boolean := true;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_brand := coalesce(nullif(btrim(OLD.device_brand), ''), 'Not specified');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_brand := coalesce(nullif(btrim(NEW.device_brand), ''), 'Not specified');
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.device_category, old_brand, OLD.issue_type, OLD.status) = (NEW.device_category, new_brand, NEW.issue_type, NEW.status) THEN
      RETURN NULL;
    END IF;
    old_first := (OLD.device_category, old_brand, OLD.issue_type, OLD.status) < (NEW.device_category, new_brand, NEW.issue_type, NEW.status);
  END IF;
  IF TG_OP <> 'INSERT' AND old_first THEN
    UPDATE "booking_counts" SET "count" = "count" - 1
      WHERE "device_category" = OLD.device_category AND "device_brand" = old_brand AND "issue_type" = OLD.issue_type AND "status" = OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "booking_counts" VALUES (NEW.device_category, new_brand, NEW.issue_type, NEW.status, 1)
      ON CONFLICT ("device_category", "device_brand", "issue_type", "status") DO UPDATE SET "count" = "booking_counts"."count" + 1;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT old_first THEN
    UPDATE "booking_counts" SET "count" = "count" - 1
      WHERE "device_category" = OLD.device_category AND "device_brand" = old_brand AND "issue_type" = OLD.issue_type AND "status" = OLD.status;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_count" AFTER INSERT OR DELETE OR UPDATE OF "device_category", "device_brand", "issue_type", "status" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "booking_counts_apply"();
--> statement-breakpoint
INSERT INTO "booking_counts"
  SELECT "device_category", coalesce(nullif(btrim("device_brand"), ''), 'Not specified'), "issue_type", "status", count(*)
  FROM "bookings" GROUP BY 1, 2, 3, 4;
