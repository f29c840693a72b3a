-- The shop's own photos on the public pages (docs/decisions/0062): named places, each with the
-- version its admin forms carry; a shop photo belongs to one place at a turn, and its sizes (each
-- width the pages ask for, in AVIF and WebP, cropped to the place's shape) are kept beside it.
CREATE TABLE "photo_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_places_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "photo_sizes" (
	"photo_id" integer NOT NULL,
	"format" varchar(8) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "photo_sizes_photo_id_width_format_pk" PRIMARY KEY("photo_id","width","format"),
	CONSTRAINT "photo_sizes_format" CHECK ("photo_sizes"."format" in ('avif', 'webp'))
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "position" smallint;--> statement-breakpoint
ALTER TABLE "photo_sizes" ADD CONSTRAINT "photo_sizes_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_place_id_photo_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."photo_places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_place_idx" ON "photos" USING btree ("place_id","position");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_shop_place" CHECK (("photos"."kind" = 'shop') = ("photos"."place_id" is not null));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_place_position" CHECK (("photos"."place_id" is null) = ("photos"."position" is null));
