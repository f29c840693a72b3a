-- Issue 31, words that agree (decisions 0058 and 0059). A contact message's sender can have a
-- copy sent to them, queued as its own kind of message. The shop chooses whether a new online
-- booking is "received" until staff confirm it (the default) or confirmed at once.
ALTER TYPE "public"."outbox_kind" ADD VALUE 'contact_copy' BEFORE 'status_update';--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "bookings_confirmed_at_once" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Apple Watch is Apple's: the watch price list, its selector and the booking form name the brand
-- as the phones, tablets and laptops do (the models keep their names, "Apple Watch Series 10").
-- An entry staff already added under Apple for the same watch and repair keeps its place, and the
-- old one is left for them to delete. The version changes, so an edit form open on the old brand
-- is refused rather than putting it back (decision 0039).
UPDATE "repair_items" SET "brand" = 'Apple', "version" = "version" + 1, "updated_at" = now()
WHERE "category" = 'watch' AND "brand" = 'Apple Watch'
  AND NOT EXISTS (
    SELECT 1 FROM "repair_items" AS "apple"
    WHERE "apple"."category" = 'watch' AND "apple"."brand" = 'Apple'
      AND "apple"."series" IS NOT DISTINCT FROM "repair_items"."series"
      AND "apple"."model" = "repair_items"."model" AND "apple"."repair" = "repair_items"."repair"
  );
