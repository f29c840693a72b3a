CREATE TABLE "repair_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"staff_user_id" integer,
	"body" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(regexp_replace(body, '[[:space:]]+', ' ', 'g'))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_notes_body_length" CHECK (char_length("repair_notes"."body") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "repair_notes" ADD CONSTRAINT "repair_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_notes" ADD CONSTRAINT "repair_notes_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_notes_booking_idx" ON "repair_notes" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "repair_notes_search_idx" ON "repair_notes" USING gin ("search_text" gin_trgm_ops);