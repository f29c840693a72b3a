ALTER TYPE "public"."outbox_kind" ADD VALUE 'receipt';--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"original_booking_id" integer NOT NULL,
	"claim_booking_id" integer NOT NULL,
	"covered" boolean NOT NULL,
	"exclusion" varchar(100),
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_claims_claim_booking_id_unique" UNIQUE("claim_booking_id"),
	CONSTRAINT "warranty_claims_reason" CHECK ("warranty_claims"."covered" = ("warranty_claims"."exclusion" IS NULL)),
	CONSTRAINT "warranty_claims_not_itself" CHECK ("warranty_claims"."original_booking_id" <> "warranty_claims"."claim_booking_id")
);
--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_original_booking_id_bookings_id_fk" FOREIGN KEY ("original_booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_claim_booking_id_bookings_id_fk" FOREIGN KEY ("claim_booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_decided_by_staff_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_claims_original_idx" ON "warranty_claims" USING btree ("original_booking_id");--> statement-breakpoint
CREATE INDEX "invoices_owing_idx" ON "invoices" USING btree ("issued_at") WHERE "invoices"."status" = 'issued' AND "invoices"."total_cents" > "invoices"."paid_cents";