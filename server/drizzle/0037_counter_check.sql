ALTER TABLE "photos" ADD COLUMN "counter_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "counter_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "counter_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "counter_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audiences_counter_check_idx" ON "audiences" USING btree ("approve_status") WHERE "audiences"."counter_check";