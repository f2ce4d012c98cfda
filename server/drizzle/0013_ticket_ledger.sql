CREATE SEQUENCE "public"."ticket_feed_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"organization" text,
	"days" date[] DEFAULT '{}'::date[] NOT NULL,
	"holder_approved" boolean NOT NULL,
	"erased_at" timestamp with time zone,
	"entry_photo_id" uuid,
	"id_photo_id" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" uuid,
	"revoke_reason" text,
	"face_checked_at" timestamp with time zone,
	"face_checked_by_id" uuid,
	"external_code" text,
	"import_batch" text,
	"version" bigint DEFAULT nextval('ticket_feed_version') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_external_code_unique" UNIQUE("external_code")
);
--> statement-breakpoint
ALTER TABLE "admissions" DROP CONSTRAINT "admissions_audience_id_audiences_id_fk";
--> statement-breakpoint
DROP INDEX "admissions_audience_idx";--> statement-breakpoint
ALTER TABLE "admissions" ALTER COLUMN "audience_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "ticket_id" uuid;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "conflict" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_entry_photo_id_photos_id_fk" FOREIGN KEY ("entry_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_id_photo_id_photos_id_fk" FOREIGN KEY ("id_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_revoked_by_id_accounts_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_face_checked_by_id_accounts_id_fk" FOREIGN KEY ("face_checked_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_subject_idx" ON "tickets" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "tickets_version_idx" ON "tickets" USING btree ("version");--> statement-breakpoint
CREATE INDEX "tickets_list_idx" ON "tickets" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admissions_ticket_day_idx" ON "admissions" USING btree ("ticket_id","day");--> statement-breakpoint
-- Backfill the ledger: every approved visitor and approved badge gets its ticket, with the days it admits.
INSERT INTO "tickets" ("kind", "subject_id", "holder_name", "days", "holder_approved", "erased_at", "entry_photo_id", "id_photo_id")
SELECT 'VISITOR', a."id", coalesce(a."name", ''),
       coalesce((SELECT array_agg(v."day" ORDER BY v."day") FROM "audience_visit_dates" v WHERE v."audience_id" = a."id"), '{}'::date[]),
       a."approve_status" = 'DONE', a."personal_data_erased_at", a."entry_photo_id", a."id_photo_id"
FROM "audiences" a
WHERE a."approve_status" = 'DONE' OR EXISTS (SELECT 1 FROM "admissions" x WHERE x."audience_id" = a."id");--> statement-breakpoint
INSERT INTO "tickets" ("kind", "subject_id", "holder_name", "organization", "holder_approved", "entry_photo_id", "id_photo_id")
SELECT 'BADGE', b."id", b."name", b."company_name_zh", true, b."entry_photo_id", b."id_photo_id"
FROM "badges" b WHERE b."status" = 'APPROVED';--> statement-breakpoint
UPDATE "admissions" x SET "ticket_id" = t."id" FROM "tickets" t WHERE t."kind" = 'VISITOR' AND t."subject_id" = x."audience_id";--> statement-breakpoint
UPDATE "admissions" SET "scan_id" = "id"::text WHERE "scan_id" IS NULL;
