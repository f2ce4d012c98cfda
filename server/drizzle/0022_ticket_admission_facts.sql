CREATE TABLE "ticket_admission_facts" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"admission_count" integer NOT NULL,
	"conflict_count" integer NOT NULL,
	"last_admitted_at" timestamp with time zone NOT NULL,
	"days" date[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_admission_facts" ADD CONSTRAINT "ticket_admission_facts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The ticket list's admission figures and its "admitted" filter (ticket.tables.ts, ticketAdmissionFacts), kept
-- in the transaction of every admission. Statement-level with a transition table: a bulk insert writes one
-- row per ticket. A gate's scan holds its ticket's row lock (admitScan), so two scans of one ticket never
-- race here; ON CONFLICT makes concurrent first admissions of a ticket add up, never overwrite.
CREATE FUNCTION ticket_admission_facts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ticket_admission_facts AS f (ticket_id, admission_count, conflict_count, last_admitted_at, days)
  SELECT n.ticket_id, count(*), count(*) FILTER (WHERE n.conflict IS NOT NULL), max(n.at), array_agg(DISTINCT n.day ORDER BY n.day)
  FROM new_rows n GROUP BY n.ticket_id ORDER BY n.ticket_id
  ON CONFLICT (ticket_id) DO UPDATE SET
    admission_count = f.admission_count + excluded.admission_count,
    conflict_count = f.conflict_count + excluded.conflict_count,
    last_admitted_at = greatest(f.last_admitted_at, excluded.last_admitted_at),
    days = ARRAY(SELECT DISTINCT d FROM unnest(f.days || excluded.days) AS d ORDER BY d);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ticket_admission_facts_insert AFTER INSERT ON admissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_admission_facts_after_insert();--> statement-breakpoint
-- Counts the given tickets again from their admissions (null: every ticket).
CREATE FUNCTION ticket_admission_facts_refill(ticket_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM ticket_admission_facts WHERE ticket_ids IS NULL OR ticket_id = ANY (ticket_ids);
  INSERT INTO ticket_admission_facts (ticket_id, admission_count, conflict_count, last_admitted_at, days)
  SELECT a.ticket_id, count(*), count(*) FILTER (WHERE a.conflict IS NOT NULL), max(a.at), array_agg(DISTINCT a.day ORDER BY a.day)
  FROM admissions a WHERE ticket_ids IS NULL OR a.ticket_id = ANY (ticket_ids) GROUP BY a.ticket_id;
$$;--> statement-breakpoint
-- Admissions are only ever added (a deleted ticket takes its admissions and its facts by cascade); should a
-- statement change or remove some, the touched tickets are counted again from what remains.
CREATE FUNCTION ticket_admission_facts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM ticket_admission_facts_refill(NULL);
  ELSE
    PERFORM ticket_admission_facts_refill(ARRAY(SELECT DISTINCT o.ticket_id FROM old_rows o));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ticket_admission_facts_update AFTER UPDATE ON admissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_admission_facts_after_change();--> statement-breakpoint
CREATE TRIGGER ticket_admission_facts_delete AFTER DELETE ON admissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_admission_facts_after_change();--> statement-breakpoint
-- After a TRUNCATE (which fires no row changes), and once here for the admissions already there.
CREATE TRIGGER ticket_admission_facts_truncate AFTER TRUNCATE ON admissions FOR EACH STATEMENT EXECUTE FUNCTION ticket_admission_facts_after_change();--> statement-breakpoint
SELECT ticket_admission_facts_refill(NULL);--> statement-breakpoint
-- A keyword's grams for the `@>` look-up: its pairs when it has two characters or more (every pair's
-- characters are grams of the row too, so single characters would narrow nothing more, and the common
-- ones have the longest posting lists: 42 of the 68 ms of "Company 42" at 153,000 tickets); else its character.
CREATE FUNCTION ticket_keyword_grams(keyword text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN length(keyword) < 2 THEN ticket_search_grams(keyword)
    ELSE coalesce((SELECT array_agg(DISTINCT substr(keyword, position, 2)) FROM generate_series(1, length(keyword) - 1) AS position), '{}') END
$$;
