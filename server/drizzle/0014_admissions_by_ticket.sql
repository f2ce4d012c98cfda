ALTER TABLE "admissions" DROP CONSTRAINT "admissions_scan_id_unique";--> statement-breakpoint
ALTER TABLE "admissions" ALTER COLUMN "ticket_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ALTER COLUMN "scan_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "admissions_scan_idx" ON "admissions" USING btree ("device_id","scan_id");--> statement-breakpoint
ALTER TABLE "admissions" DROP COLUMN "audience_id";