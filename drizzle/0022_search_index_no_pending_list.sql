-- The trigram indexes take new entries straight into the index (decision 0053). With GIN's fast
-- update on, entries wait in a pending list that every search reads from end to end until a
-- vacuum merges it; PGlite has no autovacuum, so after a busy day each staff search read megabytes
-- of it (three times slower at 100,000 repairs). What is pending now is merged here.
ALTER INDEX "bookings_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "customer_contacts_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "customers_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "devices_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "repair_notes_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('bookings_search_idx'), gin_clean_pending_list('customer_contacts_search_idx'), gin_clean_pending_list('customers_search_idx'), gin_clean_pending_list('devices_search_idx'), gin_clean_pending_list('repair_notes_search_idx');
