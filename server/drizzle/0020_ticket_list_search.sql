-- The ticket list's keyword (ticket.tables.ts, ticketSearchGramsOf): the distinct characters and character
-- pairs of a text. Pairs narrow a keyword of two characters or more (a character set alone matches most
-- rows: every external code holds most digits); single characters serve a one-character keyword.
CREATE FUNCTION ticket_search_grams(searchable text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(searchable, position, size)), '{}')
  FROM generate_series(1, length(searchable)) AS position, (VALUES (1), (2)) AS sizes(size)
  WHERE position + size - 1 <= length(searchable)
$$;
--> statement-breakpoint
CREATE INDEX "tickets_search_grams_idx" ON "tickets" USING gin (ticket_search_grams(lower("holder_name" || chr(31) || coalesce("organization", '') || chr(31) || coalesce("external_code", ''))));
