-- Trigram indexes for staff search (PGlite loads the extension in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."booking_source" AS ENUM('online', 'walk_in');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('owner', 'staff');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer,
	"action" varchar(40) NOT NULL,
	"entity" varchar(20) NOT NULL,
	"entity_id" integer,
	"summary" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "source" "booking_source" DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quoted_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "device_condition" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "accessories" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "passcode_withheld" boolean;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "created_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || phone_digits || ' ' || coalesce(device_brand, '') || ' ' || coalesce(device_model, ''))) STORED;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "role" "staff_role" DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "bookings_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_created_at_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity","entity_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_search_idx" ON "bookings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_expected_delivery_idx" ON "bookings" USING btree ("expected_delivery_date");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_device_condition_length" CHECK (char_length("bookings"."device_condition") <= 1000);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_accessories_length" CHECK (char_length("bookings"."accessories") <= 500);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quoted_price_range" CHECK ("bookings"."quoted_price" >= 0 AND "bookings"."quoted_price" < 100000);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_email_online" CHECK ("bookings"."email" IS NOT NULL OR "bookings"."source" = 'walk_in');--> statement-breakpoint
-- Accounts from before roles had every right there was: they stay owners.
UPDATE "staff_users" SET "role" = 'owner';