ALTER TABLE "project_settings" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "name_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "show_website_url" text;--> statement-breakpoint
CREATE INDEX "activation_codes_created_idx" ON "activation_codes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activation_codes_batch_idx" ON "activation_codes" USING btree ("batch","created_at");