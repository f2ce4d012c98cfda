CREATE TABLE "activation_code_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch" text,
	"status" text NOT NULL,
	"first_created_at" timestamp with time zone,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badge_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exhibitor_id" uuid,
	"status" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "activation_codes_status_idx";--> statement-breakpoint
DROP INDEX "activation_codes_created_idx";--> statement-breakpoint
DROP INDEX "activation_codes_batch_idx";--> statement-breakpoint
CREATE INDEX "activation_code_count_deltas_key_idx" ON "activation_code_count_deltas" USING btree ("batch","status");--> statement-breakpoint
CREATE INDEX "badge_count_deltas_key_idx" ON "badge_count_deltas" USING btree ("exhibitor_id","status");--> statement-breakpoint
CREATE INDEX "activation_codes_batch_status_idx" ON "activation_codes" USING btree ("batch","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activation_codes_code_prefix_idx" ON "activation_codes" USING btree ("code" text_pattern_ops,"batch","status");--> statement-breakpoint
CREATE INDEX "badges_search_chars_idx" ON "badges" USING gin (string_to_array(lower("name" || ' ' || "name_pinyin"), null));--> statement-breakpoint
CREATE INDEX "badges_phone_idx" ON "badges" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "badges_id_last4_idx" ON "badges" USING btree ("id_number_last4");--> statement-breakpoint
CREATE INDEX "activation_codes_status_idx" ON "activation_codes" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activation_codes_created_idx" ON "activation_codes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activation_codes_batch_idx" ON "activation_codes" USING btree ("batch","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The activation-code list's counts (activation-code.tables.ts, activationCodeCountDeltas): every statement
-- that inserts, updates or deletes codes appends its net change per batch and state in the same transaction.
-- Statement-level, with transition tables: a generated batch of 100,000 codes writes one row per key.
-- `first_created_at` keeps the earliest creation the change brought into its key (the batch's date).
CREATE FUNCTION activation_code_counts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activation_code_count_deltas (batch, status, first_created_at, delta)
    SELECT n.batch, n.status, min(n.created_at), count(*) FROM new_rows n GROUP BY n.batch, n.status;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO activation_code_count_deltas (batch, status, first_created_at, delta)
    SELECT o.batch, o.status, NULL, -count(*) FROM old_rows o GROUP BY o.batch, o.status;
  ELSE
    INSERT INTO activation_code_count_deltas (batch, status, first_created_at, delta)
    SELECT change.batch, change.status, min(change.created_at), sum(change.delta) FROM (
      SELECT o.batch, o.status, NULL::timestamptz AS created_at, -1 AS delta FROM old_rows o
      UNION ALL SELECT n.batch, n.status, n.created_at, 1 FROM new_rows n
    ) AS change
    GROUP BY change.batch, change.status HAVING sum(change.delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER activation_code_counts_insert AFTER INSERT ON activation_codes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activation_code_counts_after_change();--> statement-breakpoint
CREATE TRIGGER activation_code_counts_update AFTER UPDATE ON activation_codes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activation_code_counts_after_change();--> statement-breakpoint
CREATE TRIGGER activation_code_counts_delete AFTER DELETE ON activation_codes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activation_code_counts_after_change();--> statement-breakpoint
-- Counts everything again: once here for the codes already there, and after a TRUNCATE (which fires no row changes).
CREATE FUNCTION activation_code_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM activation_code_count_deltas;
  INSERT INTO activation_code_count_deltas (batch, status, first_created_at, delta)
  SELECT c.batch, c.status, min(c.created_at), count(*) FROM activation_codes c GROUP BY c.batch, c.status;
$$;--> statement-breakpoint
CREATE FUNCTION activation_code_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM activation_code_counts_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER activation_code_counts_truncate AFTER TRUNCATE ON activation_codes FOR EACH STATEMENT EXECUTE FUNCTION activation_code_counts_after_truncate();--> statement-breakpoint
SELECT activation_code_counts_rebuild();--> statement-breakpoint
-- The badge queues' counts (badge.tables.ts, badgeCountDeltas): per company and state, and per state over
-- every company (exhibitor_id null), appended by every statement that inserts, updates or deletes badges
-- (a company's cascade included) in the same transaction. An update that changes neither writes nothing.
CREATE FUNCTION badge_counts_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO badge_count_deltas (exhibitor_id, status, delta)
    SELECT n.exhibitor_id, n.status, count(*) FROM new_rows n GROUP BY GROUPING SETS ((n.exhibitor_id, n.status), (n.status));
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO badge_count_deltas (exhibitor_id, status, delta)
    SELECT o.exhibitor_id, o.status, -count(*) FROM old_rows o GROUP BY GROUPING SETS ((o.exhibitor_id, o.status), (o.status));
  ELSE
    INSERT INTO badge_count_deltas (exhibitor_id, status, delta)
    SELECT change.exhibitor_id, change.status, sum(change.delta) FROM (
      SELECT o.exhibitor_id, o.status, -1 AS delta FROM old_rows o
      UNION ALL SELECT n.exhibitor_id, n.status, 1 FROM new_rows n
    ) AS change
    GROUP BY GROUPING SETS ((change.exhibitor_id, change.status), (change.status)) HAVING sum(change.delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER badge_counts_insert AFTER INSERT ON badges REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION badge_counts_after_change();--> statement-breakpoint
CREATE TRIGGER badge_counts_update AFTER UPDATE ON badges REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION badge_counts_after_change();--> statement-breakpoint
CREATE TRIGGER badge_counts_delete AFTER DELETE ON badges REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION badge_counts_after_change();--> statement-breakpoint
CREATE FUNCTION badge_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM badge_count_deltas;
  INSERT INTO badge_count_deltas (exhibitor_id, status, delta)
  SELECT b.exhibitor_id, b.status, count(*) FROM badges b GROUP BY GROUPING SETS ((b.exhibitor_id, b.status), (b.status));
$$;--> statement-breakpoint
CREATE FUNCTION badge_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM badge_counts_rebuild();
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER badge_counts_truncate AFTER TRUNCATE ON badges FOR EACH STATEMENT EXECUTE FUNCTION badge_counts_after_truncate();--> statement-breakpoint
SELECT badge_counts_rebuild();
