-- Customers are found as repairs are (docs/decisions/0045): by folded name, through a trigram
-- index, so "Belanger" finds Bélanger on the customer list and the header search finds a repair by
-- its customer record's name. name_key is the name likely duplicates compare, accents folded.
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_key(first_name) || ' ' || search_key(last_name)) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_key" text GENERATED ALWAYS AS (btrim(search_fold(first_name)) || ' ' || btrim(search_fold(last_name))) STORED;--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_key_idx" ON "customers" USING btree ("name_key");