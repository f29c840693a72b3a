CREATE TYPE "public"."device_grade" AS ENUM('excellent', 'good', 'fair', 'broken');--> statement-breakpoint
CREATE TYPE "public"."offer_status" AS ENUM('open', 'purchased', 'declined', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payout_method" AS ENUM('cash', 'etransfer');--> statement-breakpoint
CREATE TYPE "public"."reservation_status" AS ENUM('held', 'collected', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."seller_id_type" AS ENUM('drivers_licence', 'ontario_photo_card', 'passport', 'pr_card', 'other_government');--> statement-breakpoint
CREATE TYPE "public"."stock_state" AS ENUM('refurbishing', 'for_sale', 'reserved', 'sold');--> statement-breakpoint
ALTER TYPE "public"."invoice_line_kind" ADD VALUE 'device';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'trade_offer';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'reservation';--> statement-breakpoint
ALTER TYPE "public"."outbox_kind" ADD VALUE 'reservation_alert';--> statement-breakpoint
ALTER TYPE "public"."photo_kind" ADD VALUE 'stock';--> statement-breakpoint
CREATE TABLE "buyback_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(16) NOT NULL,
	"token_hash" char(64) NOT NULL,
	"submission_key" varchar(64) NOT NULL,
	"price_id" integer,
	"category" "device_category" NOT NULL,
	"brand" varchar(100) NOT NULL,
	"model" varchar(150) NOT NULL,
	"storage" varchar(20) DEFAULT '' NOT NULL,
	"answers" jsonb NOT NULL,
	"grade" "device_grade" NOT NULL,
	"offer_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"name" varchar(201) NOT NULL,
	"email" varchar(254),
	"phone" varchar(40),
	"phone_digits" varchar(15),
	"notify_by" "notify_channel",
	"drop_off_date" date,
	"drop_off_time" char(5),
	"status" "offer_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyback_offers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "buyback_offers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "buyback_offers_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "buyback_offers_amount" CHECK ("buyback_offers"."offer_cents" > 0 AND "buyback_offers"."offer_cents" <= 10000000),
	CONSTRAINT "buyback_offers_contact" CHECK ("buyback_offers"."email" IS NOT NULL OR "buyback_offers"."phone" IS NOT NULL),
	CONSTRAINT "buyback_offers_drop_off" CHECK (("buyback_offers"."drop_off_date" IS NULL) = ("buyback_offers"."drop_off_time" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "buyback_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" "device_category" NOT NULL,
	"brand" varchar(100) NOT NULL,
	"model" varchar(150) NOT NULL,
	"storage" varchar(20) DEFAULT '' NOT NULL,
	"excellent_cents" integer NOT NULL,
	"good_cents" integer NOT NULL,
	"fair_cents" integer NOT NULL,
	"broken_cents" integer NOT NULL,
	"battery_deduction_cents" integer DEFAULT 0 NOT NULL,
	"parts_deduction_cents" integer DEFAULT 0 NOT NULL,
	"carrier_lock_deduction_cents" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyback_prices_amounts" CHECK ("buyback_prices"."excellent_cents" BETWEEN 0 AND 10000000 AND "buyback_prices"."good_cents" BETWEEN 0 AND "buyback_prices"."excellent_cents" AND "buyback_prices"."fair_cents" BETWEEN 0 AND "buyback_prices"."good_cents" AND "buyback_prices"."broken_cents" BETWEEN 0 AND "buyback_prices"."fair_cents"),
	CONSTRAINT "buyback_prices_deductions" CHECK ("buyback_prices"."battery_deduction_cents" >= 0 AND "buyback_prices"."parts_deduction_cents" >= 0 AND "buyback_prices"."carrier_lock_deduction_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "buyback_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer,
	"submission_key" varchar(64) NOT NULL,
	"seller_name" varchar(201) NOT NULL,
	"seller_phone" varchar(40) NOT NULL,
	"id_type" "seller_id_type" NOT NULL,
	"id_number_sealed" text,
	"id_number_last4" varchar(4) NOT NULL,
	"id_kept_until" date NOT NULL,
	"category" "device_category" NOT NULL,
	"brand" varchar(100) NOT NULL,
	"model" varchar(150) NOT NULL,
	"storage" varchar(20) DEFAULT '' NOT NULL,
	"colour" varchar(40),
	"imei" char(15),
	"serial_number" varchar(64),
	"device_id" integer,
	"blocklist_clear" boolean NOT NULL,
	"blocklist_checked_at" timestamp with time zone NOT NULL,
	"blocklist_checked_by" integer,
	"grade" "device_grade" NOT NULL,
	"offered_cents" integer,
	"paid_cents" integer NOT NULL,
	"lower_reason" varchar(500),
	"payout_method" "payout_method" NOT NULL,
	"payout_reference" varchar(100),
	"declaration_name" varchar(201) NOT NULL,
	"signature" text,
	"declared_at" timestamp with time zone NOT NULL,
	"hold_until" date NOT NULL,
	"purchased_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buyback_purchases_offer_id_unique" UNIQUE("offer_id"),
	CONSTRAINT "buyback_purchases_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "buyback_purchases_identified" CHECK ("buyback_purchases"."imei" IS NOT NULL OR "buyback_purchases"."serial_number" IS NOT NULL),
	CONSTRAINT "buyback_purchases_imei_digits" CHECK ("buyback_purchases"."imei" ~ '^[0-9]{15}$'),
	CONSTRAINT "buyback_purchases_clear" CHECK ("buyback_purchases"."blocklist_clear"),
	CONSTRAINT "buyback_purchases_paid" CHECK ("buyback_purchases"."paid_cents" > 0 AND "buyback_purchases"."paid_cents" <= 10000000),
	CONSTRAINT "buyback_purchases_lower" CHECK ("buyback_purchases"."offered_cents" IS NULL OR "buyback_purchases"."paid_cents" >= "buyback_purchases"."offered_cents" OR "buyback_purchases"."lower_reason" IS NOT NULL),
	CONSTRAINT "buyback_purchases_payout" CHECK ("buyback_purchases"."payout_method" <> 'etransfer' OR "buyback_purchases"."payout_reference" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "stock_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(16) NOT NULL,
	"purchase_id" integer,
	"category" "device_category" NOT NULL,
	"brand" varchar(100) NOT NULL,
	"model" varchar(150) NOT NULL,
	"storage" varchar(20) DEFAULT '' NOT NULL,
	"colour" varchar(40),
	"grade" "device_grade" NOT NULL,
	"battery_health" smallint,
	"imei" char(15),
	"serial_number" varchar(64),
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"cost_cents" integer NOT NULL,
	"warranty_months" smallint NOT NULL,
	"state" "stock_state" DEFAULT 'refurbishing' NOT NULL,
	"available_from" date,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"listed_at" timestamp with time zone,
	"reserved_until" timestamp with time zone,
	"sold_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_devices_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "stock_devices_purchase_id_unique" UNIQUE("purchase_id"),
	CONSTRAINT "stock_devices_identified" CHECK ("stock_devices"."imei" IS NOT NULL OR "stock_devices"."serial_number" IS NOT NULL),
	CONSTRAINT "stock_devices_imei_digits" CHECK ("stock_devices"."imei" ~ '^[0-9]{15}$'),
	CONSTRAINT "stock_devices_battery" CHECK ("stock_devices"."battery_health" BETWEEN 0 AND 100),
	CONSTRAINT "stock_devices_amounts" CHECK ("stock_devices"."price_cents" BETWEEN 0 AND 10000000 AND "stock_devices"."cost_cents" BETWEEN 0 AND 10000000),
	CONSTRAINT "stock_devices_warranty" CHECK ("stock_devices"."warranty_months" BETWEEN 0 AND 36),
	CONSTRAINT "stock_devices_reserved" CHECK (("stock_devices"."state" = 'reserved') = ("stock_devices"."reserved_until" IS NOT NULL)),
	CONSTRAINT "stock_devices_sold" CHECK (("stock_devices"."state" = 'sold') = ("stock_devices"."sold_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_device_id" integer NOT NULL,
	"reference" varchar(16) NOT NULL,
	"submission_key" varchar(64) NOT NULL,
	"name" varchar(201) NOT NULL,
	"email" varchar(254),
	"phone" varchar(40),
	"notify_by" "notify_channel" NOT NULL,
	"status" "reservation_status" DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "stock_reservations_submission_key_unique" UNIQUE("submission_key"),
	CONSTRAINT "stock_reservations_contact" CHECK ("stock_reservations"."email" IS NOT NULL OR "stock_reservations"."phone" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "stock_device_id" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "stock_device_id" integer;--> statement-breakpoint
ALTER TABLE "buyback_offers" ADD CONSTRAINT "buyback_offers_price_id_buyback_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."buyback_prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_prices" ADD CONSTRAINT "buyback_prices_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_purchases" ADD CONSTRAINT "buyback_purchases_offer_id_buyback_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."buyback_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_purchases" ADD CONSTRAINT "buyback_purchases_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_purchases" ADD CONSTRAINT "buyback_purchases_blocklist_checked_by_staff_users_id_fk" FOREIGN KEY ("blocklist_checked_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buyback_purchases" ADD CONSTRAINT "buyback_purchases_purchased_by_staff_users_id_fk" FOREIGN KEY ("purchased_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_devices" ADD CONSTRAINT "stock_devices_purchase_id_buyback_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."buyback_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_devices" ADD CONSTRAINT "stock_devices_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_stock_device_id_stock_devices_id_fk" FOREIGN KEY ("stock_device_id") REFERENCES "public"."stock_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buyback_offers_created_idx" ON "buyback_offers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "buyback_offers_drop_off_idx" ON "buyback_offers" USING btree ("drop_off_date","drop_off_time");--> statement-breakpoint
CREATE INDEX "buyback_offers_phone_idx" ON "buyback_offers" USING btree ("phone_digits");--> statement-breakpoint
CREATE UNIQUE INDEX "buyback_prices_device_idx" ON "buyback_prices" USING btree ("category",lower("brand"),lower("model"),lower("storage"));--> statement-breakpoint
CREATE INDEX "buyback_purchases_created_idx" ON "buyback_purchases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "buyback_purchases_imei_idx" ON "buyback_purchases" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "buyback_purchases_kept_idx" ON "buyback_purchases" USING btree ("id_kept_until") WHERE "buyback_purchases"."id_number_sealed" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_devices_listing_idx" ON "stock_devices" USING btree ("category","price_cents") WHERE "stock_devices"."state" = 'for_sale';--> statement-breakpoint
CREATE INDEX "stock_devices_state_idx" ON "stock_devices" USING btree ("state","acquired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_reservations_one_held_idx" ON "stock_reservations" USING btree ("stock_device_id") WHERE "stock_reservations"."status" = 'held';--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_stock_device_id_stock_devices_id_fk" FOREIGN KEY ("stock_device_id") REFERENCES "public"."stock_devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_stock_device_id_stock_devices_id_fk" FOREIGN KEY ("stock_device_id") REFERENCES "public"."stock_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_stock_device_idx" ON "photos" USING btree ("stock_device_id","created_at");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_device" CHECK (("invoice_lines"."kind"::text = 'device') = ("invoice_lines"."stock_device_id" IS NOT NULL) AND ("invoice_lines"."kind"::text <> 'device' OR "invoice_lines"."quantity" = 1));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_stock_device" CHECK (("photos"."kind"::text = 'stock') = ("photos"."stock_device_id" is not null));