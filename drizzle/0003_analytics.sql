CREATE TYPE "public"."device_class" AS ENUM('mobile', 'tablet', 'desktop');--> statement-breakpoint
CREATE TYPE "public"."web_vital_name" AS ENUM('LCP', 'CLS', 'INP', 'FCP', 'TTFB');--> statement-breakpoint
CREATE TABLE "page_view_days" (
	"day" date NOT NULL,
	"path" varchar(200) NOT NULL,
	"query" varchar(300) DEFAULT '' NOT NULL,
	"referrer_host" varchar(100) DEFAULT '' NOT NULL,
	"device" "device_class" NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_days_day_path_query_referrer_host_device_pk" PRIMARY KEY("day","path","query","referrer_host","device")
);
--> statement-breakpoint
CREATE TABLE "web_vital_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"path" varchar(200) NOT NULL,
	"name" "web_vital_name" NOT NULL,
	"value" double precision NOT NULL,
	"device" "device_class" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "web_vital_samples_day_idx" ON "web_vital_samples" USING btree ("day","path");