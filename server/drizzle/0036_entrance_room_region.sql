ALTER TABLE "tickets" ADD COLUMN "holder_region" text;--> statement-breakpoint
-- Hand-written: the backfill of the holders whose region their ID document's kind (visitors) or their country
-- (badges) names (docs/decisions/0540).
-- A mainland ID's province needs its digits, which are encrypted at rest: those rows get their region when the
-- holder is next synced (any change of the application or badge). The region is not in the devices' feed, so the
-- feed-version trigger stands aside for the backfill (no ticket moves into the next feed).
ALTER TABLE "tickets" DISABLE TRIGGER "tickets_feed_version";--> statement-breakpoint
UPDATE "tickets" SET "holder_region" = a."id_type" FROM "audiences" a
  WHERE "tickets"."kind" = 'VISITOR' AND "tickets"."subject_id" = a."id" AND a."id_type" <> 'MAINLAND_ID' AND "tickets"."erased_at" IS NULL;--> statement-breakpoint
UPDATE "tickets" SET "holder_region" = CASE WHEN b."country" ~ '^[A-Z]{2}$' THEN b."country" ELSE b."id_type" END FROM "badges" b
  WHERE "tickets"."kind" = 'BADGE' AND "tickets"."subject_id" = b."id" AND b."id_type" <> 'MAINLAND_ID' AND "tickets"."erased_at" IS NULL;--> statement-breakpoint
ALTER TABLE "tickets" ENABLE TRIGGER "tickets_feed_version";
