CREATE TABLE "audience_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"approve_status" text NOT NULL,
	"day" date,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audience_count_deltas_key_idx" ON "audience_count_deltas" USING btree ("approve_status","day");--> statement-breakpoint
CREATE INDEX "audiences_name_order_idx" ON "audiences" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "audiences_search_tokens_idx" ON "audiences" USING gin (array_append(string_to_array(lower("name"), null), 'state:' || "approve_status"));--> statement-breakpoint
CREATE INDEX "audiences_mobile_last4_idx" ON "audiences" USING btree (right("mobile", 4));--> statement-breakpoint
-- The approval list's counts (application.tables.ts, audienceCountDeltas): every statement that changes
-- which submitted applications are in which state, or on which visit day, appends its net change per key
-- in the same transaction. Statement-level triggers with transition tables: a bulk insert or a batch of
-- decisions writes one row per key, not one per application.
CREATE FUNCTION audience_counts_after_audiences() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audience_count_deltas (approve_status, day, delta)
    SELECT n.approve_status, NULL, count(*) FROM new_rows n WHERE n.submitted_at IS NOT NULL GROUP BY n.approve_status;
  ELSE
    INSERT INTO audience_count_deltas (approve_status, day, delta)
    SELECT change.approve_status, change.day, sum(change.delta) FROM (
      SELECT o.approve_status, NULL::date AS day, -1 AS delta FROM old_rows o WHERE o.submitted_at IS NOT NULL
      UNION ALL SELECT n.approve_status, NULL::date, 1 FROM new_rows n WHERE n.submitted_at IS NOT NULL
      UNION ALL SELECT o.approve_status, v.day, -1 FROM old_rows o JOIN audience_visit_dates v ON v.audience_id = o.id WHERE o.submitted_at IS NOT NULL
      UNION ALL SELECT n.approve_status, v.day, 1 FROM new_rows n JOIN audience_visit_dates v ON v.audience_id = n.id WHERE n.submitted_at IS NOT NULL
    ) AS change
    GROUP BY change.approve_status, change.day HAVING sum(change.delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audience_counts_insert AFTER INSERT ON audiences REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audience_counts_after_audiences();--> statement-breakpoint
CREATE TRIGGER audience_counts_update AFTER UPDATE ON audiences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audience_counts_after_audiences();--> statement-breakpoint
-- A deleted application (withdrawal, a closed account) takes its days with it by cascade, after its own
-- row is gone: subtract it and its days before, while they can still be read.
CREATE FUNCTION audience_counts_before_audience_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.submitted_at IS NOT NULL THEN
    INSERT INTO audience_count_deltas (approve_status, day, delta)
    SELECT OLD.approve_status, NULL, -1
    UNION ALL SELECT OLD.approve_status, v.day, -1 FROM audience_visit_dates v WHERE v.audience_id = OLD.id;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER audience_counts_delete BEFORE DELETE ON audiences FOR EACH ROW EXECUTE FUNCTION audience_counts_before_audience_delete();--> statement-breakpoint
-- Days of an application that is gone (the cascade above) join nothing and change nothing here.
CREATE FUNCTION audience_counts_after_visit_dates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audience_count_deltas (approve_status, day, delta)
    SELECT a.approve_status, n.day, count(*) FROM new_rows n JOIN audiences a ON a.id = n.audience_id
    WHERE a.submitted_at IS NOT NULL GROUP BY a.approve_status, n.day;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO audience_count_deltas (approve_status, day, delta)
    SELECT a.approve_status, o.day, -count(*) FROM old_rows o JOIN audiences a ON a.id = o.audience_id
    WHERE a.submitted_at IS NOT NULL GROUP BY a.approve_status, o.day;
  ELSE
    INSERT INTO audience_count_deltas (approve_status, day, delta)
    SELECT change.approve_status, change.day, sum(change.delta) FROM (
      SELECT a.approve_status, o.day, -1 AS delta FROM old_rows o JOIN audiences a ON a.id = o.audience_id WHERE a.submitted_at IS NOT NULL
      UNION ALL SELECT a.approve_status, n.day, 1 FROM new_rows n JOIN audiences a ON a.id = n.audience_id WHERE a.submitted_at IS NOT NULL
    ) AS change
    GROUP BY change.approve_status, change.day HAVING sum(change.delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audience_counts_insert AFTER INSERT ON audience_visit_dates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audience_counts_after_visit_dates();--> statement-breakpoint
CREATE TRIGGER audience_counts_update AFTER UPDATE ON audience_visit_dates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audience_counts_after_visit_dates();--> statement-breakpoint
CREATE TRIGGER audience_counts_delete AFTER DELETE ON audience_visit_dates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audience_counts_after_visit_dates();--> statement-breakpoint
-- Counts everything again: once here for the applications already there, and after a TRUNCATE (which fires no row changes).
CREATE FUNCTION audience_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM audience_count_deltas;
  INSERT INTO audience_count_deltas (approve_status, day, delta)
  SELECT a.approve_status, NULL, count(*) FROM audiences a WHERE a.submitted_at IS NOT NULL GROUP BY a.approve_status
  UNION ALL
  SELECT a.approve_status, v.day, count(*) FROM audiences a JOIN audience_visit_dates v ON v.audience_id = a.id
  WHERE a.submitted_at IS NOT NULL GROUP BY a.approve_status, v.day;
$$;--> statement-breakpoint
CREATE FUNCTION audience_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM audience_counts_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audience_counts_truncate AFTER TRUNCATE ON audiences FOR EACH STATEMENT EXECUTE FUNCTION audience_counts_after_truncate();--> statement-breakpoint
CREATE TRIGGER audience_counts_truncate AFTER TRUNCATE ON audience_visit_dates FOR EACH STATEMENT EXECUTE FUNCTION audience_counts_after_truncate();--> statement-breakpoint
SELECT audience_counts_rebuild();
