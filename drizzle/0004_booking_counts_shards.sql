-- Spreads each dashboard count over 8 rows (booking id modulo 8, the "shard"), so bookings of the
-- same device, brand and issue, which arrive with consecutive ids, stop queueing on one counter
-- row until each other's commit (docs/decisions/0008). Readers already sum the rows they group.
ALTER TABLE "booking_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_counts" DROP CONSTRAINT "booking_counts_device_category_device_brand_issue_type_status_pk";--> statement-breakpoint
ALTER TABLE "booking_counts" ADD CONSTRAINT "booking_counts_device_category_device_brand_issue_type_status_shard_pk" PRIMARY KEY("device_category","device_brand","issue_type","status","shard");--> statement-breakpoint
-- Same as in 0001 with the shard added: an update that moves a booking takes both of its counter
-- rows in one shard (its id does not change), still in key order, so no two updates deadlock.
CREATE OR REPLACE FUNCTION "booking_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      WHERE "device_category" = OLD.device_category AND "device_brand" = old_brand AND "issue_type" = OLD.issue_type AND "status" = OLD.status
        AND "shard" = OLD.id % 8;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "booking_counts" ("device_category", "device_brand", "issue_type", "status", "shard", "count")
      VALUES (NEW.device_category, new_brand, NEW.issue_type, NEW.status, NEW.id % 8, 1)
      ON CONFLICT ("device_category", "device_brand", "issue_type", "status", "shard") DO UPDATE SET "count" = "booking_counts"."count" + 1;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT old_first THEN
    UPDATE "booking_counts" SET "count" = "count" - 1
      WHERE "device_category" = OLD.device_category AND "device_brand" = old_brand AND "issue_type" = OLD.issue_type AND "status" = OLD.status
        AND "shard" = OLD.id % 8;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Existing counts sit in shard 0; recount them per shard so every later decrement finds the row
-- its booking was counted in. The ALTERs above hold booking_counts exclusively, so no booking's
-- trigger runs between this delete and this insert.
DELETE FROM "booking_counts";--> statement-breakpoint
INSERT INTO "booking_counts" ("device_category", "device_brand", "issue_type", "status", "shard", "count")
  SELECT "device_category", coalesce(nullif(btrim("device_brand"), ''), 'Not specified'), "issue_type", "status", "id" % 8, count(*)
  FROM "bookings" GROUP BY 1, 2, 3, 4, 5;
