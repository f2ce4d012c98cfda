CREATE TABLE "review_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"filter" jsonb NOT NULL,
	"reason" text,
	"confirmed_count" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"decided" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"cursor" uuid,
	"created_by_id" uuid,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "review_jobs" ADD CONSTRAINT "review_jobs_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_jobs_active_idx" ON "review_jobs" USING btree ("created_at") WHERE "review_jobs"."state" in ('QUEUED', 'RUNNING');--> statement-breakpoint
CREATE INDEX "review_jobs_recent_idx" ON "review_jobs" USING btree ("created_at");