CREATE TABLE "badge_search_grams" (
	"gram" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"badge_id" uuid NOT NULL,
	"searchable" text NOT NULL,
	CONSTRAINT "badge_search_grams_pkey" PRIMARY KEY("gram","status","created_at","badge_id","searchable")
);
--> statement-breakpoint
-- The badge queue's keyword (badge.tables.ts, badgeSearchGrams). ILIKE lower-cases both sides one character
-- at a time (as for audience_name_grams, 0024), so `name ILIKE '%k%' OR name_pinyin ILIKE '%k%'` holds exactly
-- when badge_searchable(...) LIKE '%' || lower(k) || '%', for a k without chr(31); and such a text holds
-- each character and pair of lower(k).
CREATE FUNCTION badge_searchable(name text, name_pinyin text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(name) || chr(31) || lower(name_pinyin)
$$;--> statement-breakpoint
CREATE FUNCTION badge_search_grams(searchable text) RETURNS SETOF text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT DISTINCT substr(searchable, i, len)
  FROM generate_series(1, char_length(searchable)) AS i, (VALUES (1), (2)) AS grams(len)
  WHERE i + len - 1 <= char_length(searchable) AND strpos(substr(searchable, i, len), chr(31)) = 0
$$;--> statement-breakpoint
-- Kept in the transaction of every change by statement-level triggers with transition tables (as the
-- approval list's grams, 0024): an update touches the rows of the badges whose name, pinyin, state or
-- creation time changed (their old rows deleted by the key, their new ones added).
CREATE FUNCTION badge_search_grams_after_badges() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO badge_search_grams (gram, status, created_at, badge_id, searchable)
    SELECT g.gram, n.status, n.created_at, n.id, badge_searchable(n.name, n.name_pinyin)
    FROM new_rows n, LATERAL badge_search_grams(badge_searchable(n.name, n.name_pinyin)) AS g(gram);
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM badge_search_grams s
    USING old_rows o, LATERAL badge_search_grams(badge_searchable(o.name, o.name_pinyin)) AS g(gram)
    WHERE s.gram = g.gram AND s.status = o.status AND s.created_at = o.created_at AND s.badge_id = o.id
      AND s.searchable = badge_searchable(o.name, o.name_pinyin);
  ELSE
    -- Two statements, not one with a data-modifying WITH: the insert must see the deletion done.
    DELETE FROM badge_search_grams s
    USING old_rows o JOIN new_rows n ON n.id = o.id, LATERAL badge_search_grams(badge_searchable(o.name, o.name_pinyin)) AS g(gram)
    WHERE (o.name, o.name_pinyin, o.status, o.created_at) IS DISTINCT FROM (n.name, n.name_pinyin, n.status, n.created_at)
      AND s.gram = g.gram AND s.status = o.status AND s.created_at = o.created_at AND s.badge_id = o.id
      AND s.searchable = badge_searchable(o.name, o.name_pinyin);
    INSERT INTO badge_search_grams (gram, status, created_at, badge_id, searchable)
    SELECT g.gram, n.status, n.created_at, n.id, badge_searchable(n.name, n.name_pinyin)
    FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL badge_search_grams(badge_searchable(n.name, n.name_pinyin)) AS g(gram)
    WHERE (o.name, o.name_pinyin, o.status, o.created_at) IS DISTINCT FROM (n.name, n.name_pinyin, n.status, n.created_at);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER badge_search_grams_insert AFTER INSERT ON badges REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION badge_search_grams_after_badges();--> statement-breakpoint
CREATE TRIGGER badge_search_grams_update AFTER UPDATE ON badges REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION badge_search_grams_after_badges();--> statement-breakpoint
CREATE TRIGGER badge_search_grams_delete AFTER DELETE ON badges REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION badge_search_grams_after_badges();--> statement-breakpoint
CREATE FUNCTION badge_search_grams_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM badge_search_grams;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER badge_search_grams_truncate AFTER TRUNCATE ON badges FOR EACH STATEMENT EXECUTE FUNCTION badge_search_grams_after_truncate();--> statement-breakpoint
INSERT INTO badge_search_grams (gram, status, created_at, badge_id, searchable)
SELECT g.gram, b.status, b.created_at, b.id, badge_searchable(b.name, b.name_pinyin)
FROM badges b, LATERAL badge_search_grams(badge_searchable(b.name, b.name_pinyin)) AS g(gram);
