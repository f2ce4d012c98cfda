DROP INDEX "badges_phone_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "badges_phone_unique" ON "badges" USING btree ("phone_number","country_code");