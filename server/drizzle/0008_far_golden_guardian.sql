CREATE TABLE "product_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"category" text NOT NULL,
	"description_zh" text NOT NULL,
	"description_en" text NOT NULL,
	"photo_ids" uuid[] NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reject_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_applications" ADD CONSTRAINT "product_applications_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_status_history" ADD CONSTRAINT "product_status_history_subject_id_product_applications_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."product_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_applications_queue_idx" ON "product_applications" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_applications_exhibitor_idx" ON "product_applications" USING btree ("exhibitor_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_applications_photos_idx" ON "product_applications" USING gin ("photo_ids");--> statement-breakpoint
CREATE INDEX "product_status_history_subject_idx" ON "product_status_history" USING btree ("subject_id","at");