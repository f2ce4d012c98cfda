CREATE TABLE "activation_code_lead_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead" text NOT NULL,
	"batch" text,
	"status" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activation_code_lead_count_deltas_key_idx" ON "activation_code_lead_count_deltas" USING btree ("lead","batch","status");--> statement-breakpoint
-- The activation-code list's counts per first character (activation-code.tables.ts, activationCodeLeadCountDeltas):
-- like activation_code_count_deltas (0023), appended by every statement that inserts, updates or deletes codes, in
-- its transaction, per first character, batch and state. A one-character keyword's exact total is their sum.
CREATE FUNCTION activation_code_lead_counts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activation_code_lead_count_deltas (lead, batch, status, delta)
    SELECT left(n.code, 1), n.batch, n.status, count(*) FROM new_rows n GROUP BY left(n.code, 1), n.batch, n.status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO activation_code_lead_count_deltas (lead, batch, status, delta)
    SELECT left(o.code, 1), o.batch, o.status, -count(*) FROM old_rows o GROUP BY left(o.code, 1), o.batch, o.status;
  ELSE
    INSERT INTO activation_code_lead_count_deltas (lead, batch, status, delta)
    SELECT change.lead, change.batch, change.status, sum(change.delta) FROM (
      SELECT left(o.code, 1) AS lead, o.batch, o.status, -1 AS delta FROM old_rows o
      UNION ALL SELECT left(n.code, 1), n.batch, n.status, 1 FROM new_rows n
    ) AS change
    GROUP BY change.lead, change.batch, change.status HAVING sum(change.delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER activation_code_lead_counts_insert AFTER INSERT ON activation_codes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activation_code_lead_counts_after_change();--> statement-breakpoint
CREATE TRIGGER activation_code_lead_counts_update AFTER UPDATE ON activation_codes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activation_code_lead_counts_after_change();--> statement-breakpoint
CREATE TRIGGER activation_code_lead_counts_delete AFTER DELETE ON activation_codes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activation_code_lead_counts_after_change();--> statement-breakpoint
-- Counts everything again: once here for the codes already there, and after a TRUNCATE (which fires no row changes).
CREATE FUNCTION activation_code_lead_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM activation_code_lead_count_deltas;
  INSERT INTO activation_code_lead_count_deltas (lead, batch, status, delta)
  SELECT left(c.code, 1), c.batch, c.status, count(*) FROM activation_codes c GROUP BY left(c.code, 1), c.batch, c.status;
$$;--> statement-breakpoint
CREATE FUNCTION activation_code_lead_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM activation_code_lead_counts_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER activation_code_lead_counts_truncate AFTER TRUNCATE ON activation_codes FOR EACH STATEMENT EXECUTE FUNCTION activation_code_lead_counts_after_truncate();--> statement-breakpoint
SELECT activation_code_lead_counts_rebuild();
