CREATE TABLE "auto_approval_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"code_batches" text[] NOT NULL,
	"channel_ids" uuid[] NOT NULL,
	"id_types" text[] NOT NULL,
	"min_face_score" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "audience_status_history" ADD COLUMN "auto_rule_name" text;--> statement-breakpoint
ALTER TABLE "auto_approval_rules" ADD CONSTRAINT "auto_approval_rules_updated_by_id_accounts_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;