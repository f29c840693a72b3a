CREATE TYPE "public"."booking_status" AS ENUM('pending', 'in_progress', 'waiting_parts', 'completed', 'ready_for_pickup', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."device_category" AS ENUM('mobile', 'tablet', 'laptop', 'watch', 'console');--> statement-breakpoint
CREATE TYPE "public"."session_kind" AS ENUM('cookie', 'bearer');--> statement-breakpoint
CREATE TYPE "public"."urgency" AS ENUM('normal', 'urgent', 'emergency');--> statement-breakpoint
CREATE TABLE "booking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"status" "booking_status" NOT NULL,
	"note" text,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(40) NOT NULL,
	"phone_digits" varchar(15) NOT NULL,
	"device_category" "device_category" NOT NULL,
	"device_brand" varchar(100),
	"device_model" varchar(150),
	"issue_type" varchar(200) NOT NULL,
	"issue_description" text,
	"preferred_date" date NOT NULL,
	"preferred_time" char(5) NOT NULL,
	"urgency" "urgency" DEFAULT 'normal' NOT NULL,
	"status" "booking_status" DEFAULT 'pending' NOT NULL,
	"customer_note" text,
	"expected_delivery_date" date,
	"tracking_token" varchar(64) NOT NULL,
	"submission_key" varchar(64) NOT NULL,
	"payload_hash" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_tracking_token_unique" UNIQUE("tracking_token"),
	CONSTRAINT "bookings_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "bookings_preferred_time_format" CHECK ("bookings"."preferred_time" ~ '^[0-2][0-9]:[0-5][0-9]$'),
	CONSTRAINT "bookings_issue_description_length" CHECK (char_length("bookings"."issue_description") <= 2000),
	CONSTRAINT "bookings_customer_note_length" CHECK (char_length("bookings"."customer_note") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(40),
	"subject" varchar(40),
	"message" text NOT NULL,
	"submission_key" varchar(64) NOT NULL,
	"payload_hash" char(64) NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "contact_messages_message_length" CHECK (char_length("contact_messages"."message") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(200) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "repair_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" "device_category" NOT NULL,
	"brand" varchar(100) NOT NULL,
	"series" varchar(100),
	"model" varchar(150) NOT NULL,
	"repair" varchar(150) NOT NULL,
	"price" numeric(10, 2),
	"price_label" varchar(40),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_items_identity" UNIQUE NULLS NOT DISTINCT("category","brand","series","model","repair"),
	CONSTRAINT "repair_items_price_or_label" CHECK (("repair_items"."price" IS NULL) <> ("repair_items"."price_label" IS NULL)),
	CONSTRAINT "repair_items_price_range" CHECK ("repair_items"."price" >= 0 AND "repair_items"."price" < 100000)
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" char(64) PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"kind" "session_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_phone_digits_idx" ON "bookings" USING btree ("phone_digits");--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("preferred_date","preferred_time");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "repair_items_lookup_idx" ON "repair_items" USING btree ("category","brand","series","model");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_idx" ON "staff_sessions" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_expires_idx" ON "staff_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_username_idx" ON "staff_users" USING btree (lower("username"));