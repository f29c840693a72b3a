-- Staff search, accent- and case-insensitive and tolerant of spacing (docs/decisions/0045).
-- search_fold() is app/utils/search-fold.ts's foldForSearch(), letter for letter (the tests check
-- they agree): lower case, combining accents dropped, accented letters as plain ones, whitespace
-- runs as one space. Built-in functions only, so it is IMMUTABLE (generated columns need that)
-- on PGlite, which has no unaccent, as on Postgres.
CREATE FUNCTION search_fold(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(
    replace(replace(replace(
      translate(
        regexp_replace(lower(input), '[\u0300-\u036f]', '', 'g'),
        'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżž',
        'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssssttttuuuuuuuuuuwyyyzzz'),
      'æ', 'ae'), 'œ', 'oe'), 'ß', 'ss'),
    '[ \t\n\r\f\v]+', ' ', 'g')
$$;--> statement-breakpoint
-- A field as search matches it: folded, then (when different) folded without spaces or ASCII
-- punctuation, as compactForSearch(), so "iphone13" finds iPhone 13 and "obrien" O'Brien.
-- A missing field is empty text, so one absent field does not blank the whole column.
CREATE FUNCTION search_key(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN compact = folded THEN folded ELSE folded || ' ' || compact END
  FROM (
    SELECT folded, translate(folded, ' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', '') AS compact
    FROM (SELECT public.search_fold(coalesce(input, '')) AS folded) AS f
  ) AS c
$$;--> statement-breakpoint
-- A changed generated column is dropped and added again; its trigram index goes with it, so it
-- is made again too.
ALTER TABLE "bookings" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_key(first_name) || ' ' || search_key(last_name) || ' ' || search_key(email) || ' ' || phone_digits || ' ' || search_key(device_brand) || ' ' || search_key(device_model) || ' ' || search_key(issue_type)) STORED;--> statement-breakpoint
CREATE INDEX "bookings_search_idx" ON "bookings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "repair_notes" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "repair_notes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_key(body)) STORED;--> statement-breakpoint
CREATE INDEX "repair_notes_search_idx" ON "repair_notes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_key(value) || ' ' || match_key) STORED;--> statement-breakpoint
CREATE INDEX "customer_contacts_search_idx" ON "customer_contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(imei, '') || ' ' || search_key(serial_number)) STORED;--> statement-breakpoint
CREATE INDEX "devices_search_idx" ON "devices" USING gin ("search_text" gin_trgm_ops);
