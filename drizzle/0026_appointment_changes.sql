-- Customers move or cancel their own appointments online (decision 0056): the shop chooses how
-- many hours before an appointment that stops (2 until the Settings page says otherwise), and
-- the customer's message about the change and the shop's alert are kinds of outbox messages.
ALTER TYPE "public"."outbox_kind" ADD VALUE 'booking_change';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'booking_change_alert';--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "change_cutoff_hours" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_change_cutoff" CHECK ("shop_settings"."change_cutoff_hours" >= 0 AND "shop_settings"."change_cutoff_hours" <= 168);
