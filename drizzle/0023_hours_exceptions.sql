-- The days the shop keeps other hours than its week's (decision 0054): closures from one date to
-- another with the reason customers see, and one date's special hours (how the owner opens a
-- statutory holiday, which are worked out, not stored). No two rows share a date: the exclusion
-- constraint below, which drizzle's schema cannot spell, refuses the second of two overlapping
-- saves even when both run at once, and its GiST index answers "what covers these dates".
CREATE TABLE "hours_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"opens_at" smallint,
	"closes_at" smallint,
	"reason" varchar(100),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hours_exceptions_dates" CHECK ("hours_exceptions"."ends_on" >= "hours_exceptions"."starts_on"),
	CONSTRAINT "hours_exceptions_kind" CHECK (("hours_exceptions"."opens_at" is null and "hours_exceptions"."closes_at" is null and "hours_exceptions"."reason" is not null) or ("hours_exceptions"."opens_at" >= 0 and "hours_exceptions"."opens_at" < "hours_exceptions"."closes_at" and "hours_exceptions"."closes_at" <= 1440 and "hours_exceptions"."starts_on" = "hours_exceptions"."ends_on"))
);
--> statement-breakpoint
ALTER TABLE "hours_exceptions" ADD CONSTRAINT "hours_exceptions_no_overlap" EXCLUDE USING gist (daterange("starts_on", "ends_on", '[]') WITH &&);
