-- Every write of a ticket takes the next feed version after taking the feed lock shared; the device
-- feed takes that lock exclusively for an instant before it reads max(version), so every version below
-- the one it hands out has committed (a device asking "since" it misses nothing). The key is
-- FEED_LOCK_KEY in server/src/modules/ticket/ticket.repository.ts.
CREATE FUNCTION tickets_feed_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(1953063787);
  NEW.version := nextval('ticket_feed_version');
  NEW.updated_at := now();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER tickets_feed_version BEFORE INSERT OR UPDATE ON tickets FOR EACH ROW EXECUTE FUNCTION tickets_feed_version();
