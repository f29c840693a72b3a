ALTER TABLE "outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "html_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_rendered_or_facts" CHECK (("outbox"."subject" is not null and "outbox"."text_body" is not null and "outbox"."html_body" is not null) or ("outbox"."facts" is not null and "outbox"."origin" is not null));