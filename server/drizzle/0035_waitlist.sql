CREATE TABLE "audience_waitlist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience_id" uuid NOT NULL,
	"day" date NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "audience_waitlist" ADD CONSTRAINT "audience_waitlist_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audience_waitlist_audience_day_unique" ON "audience_waitlist" USING btree ("audience_id","day");--> statement-breakpoint
CREATE INDEX "audience_waitlist_day_order_idx" ON "audience_waitlist" USING btree ("day","joined_at","id");--> statement-breakpoint
CREATE INDEX "audience_waitlist_offer_expiry_idx" ON "audience_waitlist" USING btree ("offer_expires_at");