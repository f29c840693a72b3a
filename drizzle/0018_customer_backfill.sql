-- Every booking made before customer records existed gets its customer (docs/decisions/0042), as
-- if it had been matched when it was made (app/models/customer-match.server.ts): in the order
-- the bookings were made, the phone's customer first, then the e-mail address's, else a new
-- customer with the booking's name, channel and consent. The booking's phone and address are
-- added to that customer unless another customer already has them, so bookings sharing a phone
-- or an address are one customer, and a booking whose phone and address were two customers'
-- joins the phone's, the address staying with whoever had it first. Nothing else changes: not
-- the bookings' versions or times, not their devices.
DO $$
DECLARE
  b record;
  owner integer;
BEGIN
  FOR b IN
    SELECT id, first_name, last_name, phone, phone_digits, email, email_key, notify_by,
      review_opt_in, created_at
    FROM bookings WHERE customer_id IS NULL ORDER BY id
  LOOP
    owner := NULL;
    SELECT coalesce(c.merged_into_id, c.id) INTO owner
      FROM customer_contacts cc JOIN customers c ON c.id = cc.customer_id
      WHERE cc.kind = 'phone' AND cc.match_key = b.phone_digits;
    IF owner IS NULL AND b.email_key IS NOT NULL THEN
      SELECT coalesce(c.merged_into_id, c.id) INTO owner
        FROM customer_contacts cc JOIN customers c ON c.id = cc.customer_id
        WHERE cc.kind = 'email' AND cc.match_key = b.email_key;
    END IF;
    IF owner IS NULL THEN
      INSERT INTO customers (first_name, last_name, notify_by, review_opt_in, created_at, updated_at)
        VALUES (b.first_name, b.last_name, b.notify_by, b.review_opt_in, b.created_at, b.created_at)
        RETURNING id INTO owner;
    END IF;
    INSERT INTO customer_contacts (customer_id, kind, value, match_key, created_at)
      VALUES (owner, 'phone', trim(b.phone), b.phone_digits, b.created_at)
      ON CONFLICT (kind, match_key) DO NOTHING;
    IF b.email_key IS NOT NULL THEN
      INSERT INTO customer_contacts (customer_id, kind, value, match_key, created_at)
        VALUES (owner, 'email', trim(b.email), b.email_key, b.created_at)
        ON CONFLICT (kind, match_key) DO NOTHING;
    END IF;
    UPDATE bookings SET customer_id = owner WHERE id = b.id;
  END LOOP;
END $$;
