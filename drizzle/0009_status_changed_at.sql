ALTER TABLE "bookings" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing repairs: the first event of the latest run of their current status, or the last update.
UPDATE "bookings" AS b SET "status_changed_at" = coalesce(
  (SELECT min(e."created_at") FROM "booking_events" e
    WHERE e."booking_id" = b."id" AND e."status" = b."status"
      AND e."created_at" > coalesce((SELECT max(o."created_at") FROM "booking_events" o WHERE o."booking_id" = b."id" AND o."status" <> b."status"), '-infinity'::timestamptz)),
  b."updated_at");--> statement-breakpoint
CREATE INDEX "bookings_status_changed_idx" ON "bookings" USING btree ("status","status_changed_at");--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree (lower("email"));