ALTER TABLE "invoices" ADD COLUMN "submission_key" varchar(64);--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_submission_key_unique" UNIQUE("submission_key");