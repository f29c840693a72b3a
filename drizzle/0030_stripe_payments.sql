-- Online payments through Stripe Checkout (issue 32, decision 0067): each webhook event that paid
-- an invoice, unique by event and by Checkout Session, so a replay never records a second payment.
CREATE TYPE "public"."stripe_event_outcome" AS ENUM('recorded', 'needs_attention');--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"session_id" varchar(255) NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"outcome" "stripe_event_outcome" NOT NULL,
	"payment_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_events_event_id_unique" UNIQUE("event_id"),
	CONSTRAINT "stripe_events_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "stripe_events_payment" CHECK (("stripe_events"."outcome" = 'recorded') = ("stripe_events"."payment_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_events_invoice_idx" ON "stripe_events" USING btree ("invoice_id");