CREATE TABLE "catalog_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"company_name_zh" text NOT NULL,
	"company_name_en" text NOT NULL,
	"address" text NOT NULL,
	"website_url" text NOT NULL,
	"country_code" text NOT NULL,
	"region_code" text,
	"linkman" text NOT NULL,
	"telephone" text NOT NULL,
	"email" text NOT NULL,
	"profile_zh" text NOT NULL,
	"profile_en" text NOT NULL,
	"logo_photo_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reject_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_entries_exhibitor_id_unique" UNIQUE("exhibitor_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "banner_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"title" text NOT NULL,
	"placement_id" uuid NOT NULL,
	"picture_id" uuid NOT NULL,
	"link_url" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reject_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"size" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_entries" ADD CONSTRAINT "catalog_entries_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_entries" ADD CONSTRAINT "catalog_entries_logo_photo_id_photos_id_fk" FOREIGN KEY ("logo_photo_id") REFERENCES "public"."photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_status_history" ADD CONSTRAINT "catalog_status_history_subject_id_catalog_entries_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."catalog_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_applications" ADD CONSTRAINT "product_applications_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_status_history" ADD CONSTRAINT "product_status_history_subject_id_product_applications_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."product_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_applications" ADD CONSTRAINT "banner_applications_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_applications" ADD CONSTRAINT "banner_applications_placement_id_banner_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."banner_placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_applications" ADD CONSTRAINT "banner_applications_picture_id_photos_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."photos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_status_history" ADD CONSTRAINT "banner_status_history_subject_id_banner_applications_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."banner_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_entries_queue_idx" ON "catalog_entries" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_entries_status_idx" ON "catalog_entries" USING btree ("status","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "catalog_status_history_subject_idx" ON "catalog_status_history" USING btree ("subject_id","at");--> statement-breakpoint
CREATE INDEX "product_applications_queue_idx" ON "product_applications" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_applications_exhibitor_idx" ON "product_applications" USING btree ("exhibitor_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_applications_photos_idx" ON "product_applications" USING gin ("photo_ids");--> statement-breakpoint
CREATE INDEX "product_status_history_subject_idx" ON "product_status_history" USING btree ("subject_id","at");--> statement-breakpoint
CREATE INDEX "banner_applications_queue_idx" ON "banner_applications" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "banner_applications_exhibitor_idx" ON "banner_applications" USING btree ("exhibitor_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "banner_applications_picture_idx" ON "banner_applications" USING btree ("picture_id");--> statement-breakpoint
CREATE INDEX "banner_status_history_subject_idx" ON "banner_status_history" USING btree ("subject_id","at");