ALTER TABLE "exhibitors" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD COLUMN "contact_mobile" text;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "exhibitors_status_created_idx" ON "exhibitors" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "exhibitors_created_idx" ON "exhibitors" USING btree ("created_at");