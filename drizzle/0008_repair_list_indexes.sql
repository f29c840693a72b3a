CREATE INDEX "bookings_customer_sort_idx" ON "bookings" USING btree (lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "bookings_device_sort_idx" ON "bookings" USING btree ("device_category",lower("device_brand"),lower("device_model"),"id");--> statement-breakpoint
CREATE INDEX "bookings_status_sort_idx" ON "bookings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bookings_delivery_sort_idx" ON "bookings" USING btree ("expected_delivery_date","id");--> statement-breakpoint
CREATE INDEX "bookings_delivery_desc_sort_idx" ON "bookings" USING btree ("expected_delivery_date" DESC NULLS LAST,"id" DESC NULLS LAST);