CREATE TYPE "public"."notify_channel" AS ENUM('email', 'sms', 'both');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('email', 'sms');--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'appointment_reminder';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'pickup_reminder';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'review_request';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'quote';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'quote_answer';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'staff_reply';--> statement-breakpoint
ALTER TYPE "public"."outbox_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "sms_inbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"from_phone" varchar(20) NOT NULL,
	"booking_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_inbound_provider_id_unique" UNIQUE("provider_id"),
	CONSTRAINT "sms_inbound_body_length" CHECK (char_length("sms_inbound"."body") <= 1600)
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" varchar(20) PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_rendered_or_facts";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notify_by" "notify_channel" DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "review_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" "outbox_channel" DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dedupe_key" varchar(120);--> statement-breakpoint
ALTER TABLE "sms_inbound" ADD CONSTRAINT "sms_inbound_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_inbound_booking_idx" ON "sms_inbound" USING btree ("booking_id","created_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("dedupe_key");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_rendered_or_facts" CHECK (("outbox"."subject" is not null and "outbox"."text_body" is not null and "outbox"."html_body" is not null) or ("outbox"."facts" is not null and "outbox"."origin" is not null) or ("outbox"."channel" = 'sms' and "outbox"."text_body" is not null));