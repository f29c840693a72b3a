CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"booking_slot_capacity" integer NOT NULL,
	"booking_limit_per_customer" integer NOT NULL,
	"quote_approval_starts_repair" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_slot_capacity" CHECK ("shop_settings"."booking_slot_capacity" >= 1),
	CONSTRAINT "shop_settings_limit_per_customer" CHECK ("shop_settings"."booking_limit_per_customer" >= 1)
);
