CREATE TABLE "audience_name_grams" (
	"gram" text NOT NULL,
	"approve_status" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"audience_id" uuid NOT NULL,
	CONSTRAINT "audience_name_grams_pkey" PRIMARY KEY("gram","approve_status","submitted_at","audience_id")
);
--> statement-breakpoint
-- The approval list's grams (application.tables.ts, audienceNameGrams): each distinct character and pair of
-- adjacent characters of lower(name). ILIKE lower-cases both sides in a UTF-8 database, one character at a
-- time in the libc and C collations, so `name ILIKE '%k%'` holds exactly when lower(name) holds lower(k) as a
-- substring: for a k of one or two characters, exactly when the name's grams hold lower(k). Inlined where it
-- is used in FROM (a single SELECT in SQL).
CREATE FUNCTION audience_name_grams(name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT substr(lower(name), i, len)
  FROM generate_series(1, char_length(lower(name))) AS i, (VALUES (1), (2)) AS grams(len)
  WHERE i + len - 1 <= char_length(lower(name))
$$;--> statement-breakpoint
-- Kept in the transaction of every change by statement-level triggers with transition tables (as the
-- counts of 0019): submitted applications only; an update touches the rows of the applications whose
-- name, state or submission time changed (their old grams found by the key, their new ones added).
CREATE FUNCTION audience_name_grams_after_audiences() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audience_name_grams (gram, approve_status, submitted_at, audience_id)
    SELECT g.gram, n.approve_status, n.submitted_at, n.id
    FROM new_rows n, LATERAL audience_name_grams(n.name) AS g(gram)
    WHERE n.submitted_at IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM audience_name_grams a
    USING old_rows o, LATERAL audience_name_grams(o.name) AS g(gram)
    WHERE o.submitted_at IS NOT NULL
      AND a.gram = g.gram AND a.approve_status = o.approve_status AND a.submitted_at = o.submitted_at AND a.audience_id = o.id;
  ELSE
    -- Two statements, not one with a data-modifying WITH: the insert must see the deletion done.
    DELETE FROM audience_name_grams a
    USING old_rows o JOIN new_rows n ON n.id = o.id, LATERAL audience_name_grams(o.name) AS g(gram)
    WHERE o.submitted_at IS NOT NULL
      AND (o.name, o.approve_status, o.submitted_at) IS DISTINCT FROM (n.name, n.approve_status, n.submitted_at)
      AND a.gram = g.gram AND a.approve_status = o.approve_status AND a.submitted_at = o.submitted_at AND a.audience_id = o.id;
    INSERT INTO audience_name_grams (gram, approve_status, submitted_at, audience_id)
    SELECT g.gram, n.approve_status, n.submitted_at, n.id
    FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL audience_name_grams(n.name) AS g(gram)
    WHERE n.submitted_at IS NOT NULL
      AND (o.name, o.approve_status, o.submitted_at) IS DISTINCT FROM (n.name, n.approve_status, n.submitted_at);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audience_name_grams_insert AFTER INSERT ON audiences REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audience_name_grams_after_audiences();--> statement-breakpoint
CREATE TRIGGER audience_name_grams_update AFTER UPDATE ON audiences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audience_name_grams_after_audiences();--> statement-breakpoint
CREATE TRIGGER audience_name_grams_delete AFTER DELETE ON audiences REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audience_name_grams_after_audiences();--> statement-breakpoint
CREATE FUNCTION audience_name_grams_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM audience_name_grams;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER audience_name_grams_truncate AFTER TRUNCATE ON audiences FOR EACH STATEMENT EXECUTE FUNCTION audience_name_grams_after_truncate();--> statement-breakpoint
INSERT INTO audience_name_grams (gram, approve_status, submitted_at, audience_id)
SELECT g.gram, a.approve_status, a.submitted_at, a.id
FROM audiences a, LATERAL audience_name_grams(a.name) AS g(gram)
WHERE a.submitted_at IS NOT NULL;
