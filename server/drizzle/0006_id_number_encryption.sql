DROP INDEX "audiences_id_number_unique";--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "id_number_encrypted" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "id_number_hash" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "id_number_last4" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audiences_id_number_hash_unique" ON "audiences" USING btree ("id_number_hash");--> statement-breakpoint
CREATE INDEX "audiences_id_number_last4_idx" ON "audiences" USING btree ("id_number_last4");