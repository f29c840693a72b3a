ALTER TABLE "bookings" ADD COLUMN "email_key" varchar(254);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "recipient_key" varchar(254);--> statement-breakpoint
CREATE INDEX "bookings_email_key_idx" ON "bookings" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "outbox_recipient_key_idx" ON "outbox" USING btree ("recipient_key","created_at");--> statement-breakpoint
-- Existing bookings' mailboxes, as emailKey (app/utils/recipient-key.ts) writes them for new ones.
UPDATE "bookings" SET "email_key" = CASE
    WHEN "keys"."domain" IN ('gmail.com', 'googlemail.com') THEN replace("keys"."local", '.', '') || '@gmail.com'
    ELSE "keys"."local" || '@' || "keys"."domain"
  END
FROM (
  SELECT "id",
    regexp_replace(split_part(lower(trim("email")), '@', 1), '^([^+]+)\+.*$', '\1') AS "local",
    split_part(lower(trim("email")), '@', 2) AS "domain"
  FROM "bookings" WHERE "email" IS NOT NULL
) AS "keys"
WHERE "bookings"."id" = "keys"."id";
