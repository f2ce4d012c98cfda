CREATE TABLE "invitation_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"exhibitor_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_by_id" uuid,
	"holder_name" text,
	"passport_number_encrypted" text,
	"nationality" text,
	"birth_date" date,
	"passport_expiry" date,
	"company" text,
	"visit_from" date NOT NULL,
	"visit_to" date NOT NULL,
	"issuer_name" text,
	"issuer_title" text,
	"body_zh" text,
	"body_en" text,
	"refuse_reason" text,
	"revoke_reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" uuid,
	"issued_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" uuid,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "letter_templates" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"issuer_name" text NOT NULL,
	"issuer_title" text NOT NULL,
	"body_zh" text NOT NULL,
	"body_en" text NOT NULL,
	"letterhead_photo_id" uuid,
	"signature_photo_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "invitation_letters" ADD CONSTRAINT "invitation_letters_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_letters" ADD CONSTRAINT "invitation_letters_requested_by_id_accounts_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_letters" ADD CONSTRAINT "invitation_letters_decided_by_id_accounts_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_letters" ADD CONSTRAINT "invitation_letters_revoked_by_id_accounts_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_letterhead_photo_id_photos_id_fk" FOREIGN KEY ("letterhead_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_signature_photo_id_photos_id_fk" FOREIGN KEY ("signature_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_updated_by_id_accounts_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_letters_open_unique" ON "invitation_letters" USING btree ("holder_kind","subject_id") WHERE "invitation_letters"."status" in ('PENDING', 'ISSUED');--> statement-breakpoint
CREATE INDEX "invitation_letters_holder_idx" ON "invitation_letters" USING btree ("holder_kind","subject_id");--> statement-breakpoint
CREATE INDEX "invitation_letters_queue_idx" ON "invitation_letters" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "invitation_letters_exhibitor_idx" ON "invitation_letters" USING btree ("exhibitor_id");