ALTER TABLE "exhibitors" ADD COLUMN "logo_photo_id" uuid;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD CONSTRAINT "exhibitors_logo_photo_id_photos_id_fk" FOREIGN KEY ("logo_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exhibitors_logo_photo_idx" ON "exhibitors" USING btree ("logo_photo_id");