CREATE TABLE "badge_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"badge_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"name" text NOT NULL,
	"name_pinyin" text NOT NULL,
	"country_code" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number_encrypted" text NOT NULL,
	"id_number_hash" text NOT NULL,
	"id_number_last4" text NOT NULL,
	"country" text NOT NULL,
	"dept_name" text NOT NULL,
	"position" text NOT NULL,
	"company_name_zh" text NOT NULL,
	"company_name_en" text NOT NULL,
	"entry_photo_id" uuid,
	"id_photo_id" uuid,
	"reject_reason" text,
	"truth_confirmed_at" timestamp with time zone NOT NULL,
	"sensitive_consent_at" timestamp with time zone NOT NULL,
	"created_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badge_status_history" ADD CONSTRAINT "badge_status_history_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_status_history" ADD CONSTRAINT "badge_status_history_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_entry_photo_id_photos_id_fk" FOREIGN KEY ("entry_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_id_photo_id_photos_id_fk" FOREIGN KEY ("id_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_status_history_badge_idx" ON "badge_status_history" USING btree ("badge_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "badges_id_number_hash_unique" ON "badges" USING btree ("id_number_hash");--> statement-breakpoint
CREATE INDEX "badges_exhibitor_list_idx" ON "badges" USING btree ("exhibitor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "badges_list_idx" ON "badges" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "badges_status_list_idx" ON "badges" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);