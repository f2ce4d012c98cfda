CREATE INDEX "audience_status_history_at_idx" ON "audience_status_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "admissions_day_idx" ON "admissions" USING btree ("day","gate");