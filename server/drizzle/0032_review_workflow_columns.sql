-- Badges go through the one review workflow of exhibitor filings: the same review columns as catalog
-- entries, banners and products (decided_at, decided_by) and the same history table shape (subject_id).
-- Renames keep every existing row and its history.
ALTER TABLE "badges" RENAME COLUMN "reviewed_at" TO "decided_at";--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
UPDATE "badges" SET "decided_by" = (
  SELECT h."actor_id" FROM "badge_status_history" h
  WHERE h."badge_id" = "badges"."id" AND h."to_status" = "badges"."status" AND h."actor_id" IS NOT NULL
  ORDER BY h."at" DESC, h."id" DESC LIMIT 1
) WHERE "status" <> 'PENDING';--> statement-breakpoint
ALTER TABLE "badge_status_history" RENAME COLUMN "badge_id" TO "subject_id";--> statement-breakpoint
ALTER TABLE "badge_status_history" RENAME CONSTRAINT "badge_status_history_badge_id_badges_id_fk" TO "badge_status_history_subject_id_badges_id_fk";--> statement-breakpoint
ALTER TABLE "badge_status_history" DROP CONSTRAINT "badge_status_history_actor_id_accounts_id_fk";--> statement-breakpoint
ALTER INDEX "badge_status_history_badge_idx" RENAME TO "badge_status_history_subject_idx";
