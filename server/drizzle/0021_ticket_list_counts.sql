CREATE TABLE "ticket_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
-- The ticket list's unfiltered total (ticket.tables.ts, ticketCountDeltas): every statement that inserts or
-- deletes tickets appends its net change in the same transaction (statement-level, with transition tables:
-- an import chunk writes one row, not one per ticket). Updates never change the number.
CREATE FUNCTION ticket_counts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_count_deltas (delta) SELECT count(*) FROM new_rows HAVING count(*) > 0;
  ELSE
    INSERT INTO ticket_count_deltas (delta) SELECT -count(*) FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ticket_counts_insert AFTER INSERT ON tickets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_after_change();--> statement-breakpoint
CREATE TRIGGER ticket_counts_delete AFTER DELETE ON tickets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_after_change();--> statement-breakpoint
-- Counts again after a TRUNCATE (which fires no row changes); the last statement counts the tickets already there.
CREATE FUNCTION ticket_counts_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ticket_count_deltas;
  INSERT INTO ticket_count_deltas (delta) SELECT count(*) FROM tickets;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ticket_counts_truncate AFTER TRUNCATE ON tickets FOR EACH STATEMENT EXECUTE FUNCTION ticket_counts_rebuild();--> statement-breakpoint
INSERT INTO ticket_count_deltas (delta) SELECT count(*) FROM tickets;
