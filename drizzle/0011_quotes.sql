CREATE TYPE "public"."quote_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"covers" text NOT NULL,
	"valid_until" date NOT NULL,
	"status" "quote_status" DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	"created_by_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_amount_range" CHECK ("quotes"."amount" >= 0 AND "quotes"."amount" < 100000),
	CONSTRAINT "quotes_covers_length" CHECK (char_length("quotes"."covers") <= 500),
	CONSTRAINT "quotes_answered" CHECK (("quotes"."status" = 'pending') = ("quotes"."answered_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_booking_idx" ON "quotes" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","created_at");