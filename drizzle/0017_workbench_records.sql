CREATE TYPE "public"."customer_contact_kind" AS ENUM('phone', 'email');--> statement-breakpoint
CREATE TYPE "public"."photo_kind" AS ENUM('intake', 'diagnosis', 'shop');--> statement-breakpoint
CREATE TABLE "customer_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" "customer_contact_kind" NOT NULL,
	"value" varchar(254) NOT NULL,
	"match_key" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"notify_by" "notify_channel" DEFAULT 'email' NOT NULL,
	"review_opt_in" boolean DEFAULT false NOT NULL,
	"merged_into_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"category" "device_category" NOT NULL,
	"brand" varchar(100),
	"model" varchar(150),
	"imei" char(15),
	"serial_number" varchar(64),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_imei_digits" CHECK ("devices"."imei" ~ '^[0-9]{15}$'),
	CONSTRAINT "devices_serial_format" CHECK ("devices"."serial_number" ~ '^[A-Z0-9-]{4,64}$')
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(32) NOT NULL,
	"kind" "photo_kind" NOT NULL,
	"booking_id" integer,
	"content_type" varchar(40) NOT NULL,
	"data" "bytea" NOT NULL,
	"thumb" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"caption" varchar(200),
	"show_customer" boolean DEFAULT false NOT NULL,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
-- Roles: every account that was "staff" is a technician; the default follows the rename.
ALTER TYPE "public"."staff_role" RENAME VALUE 'staff' TO 'technician';--> statement-breakpoint
ALTER TYPE "public"."staff_role" ADD VALUE 'manager';--> statement-breakpoint
ALTER TYPE "public"."staff_role" ADD VALUE 'front_desk';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "intake_checklist" jsonb;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "user_agent" varchar(300);--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_contacts_match_idx" ON "customer_contacts" USING btree ("kind","match_key");--> statement-breakpoint
CREATE INDEX "customer_contacts_customer_idx" ON "customer_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "customers_merged_into_idx" ON "customers" USING btree ("merged_into_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_imei_idx" ON "devices" USING btree ("imei");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_idx" ON "devices" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "devices_customer_idx" ON "devices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "photos_booking_idx" ON "photos" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "photos_kind_idx" ON "photos" USING btree ("kind");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "bookings_device_idx" ON "bookings" USING btree ("device_id");