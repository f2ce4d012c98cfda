CREATE TABLE "booth_quota_rules" (
	"booth_type" text PRIMARY KEY NOT NULL,
	"area_per_badge" numeric(9, 2) NOT NULL,
	"minimum" integer NOT NULL,
	"maximum" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booth_quota_rules_check" CHECK (area_per_badge > 0 and minimum >= 0 and (maximum is null or maximum >= minimum))
);
--> statement-breakpoint
CREATE TABLE "extra_badge_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exhibitor_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reason" text,
	"ordered_by_id" uuid,
	"decided_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "extra_badge_orders_quantity_check" CHECK (quantity > 0)
);
--> statement-breakpoint
ALTER TABLE "exhibitors" ADD COLUMN "booth_area" numeric(9, 2);--> statement-breakpoint
ALTER TABLE "exhibitors" ADD COLUMN "booth_type" text;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD COLUMN "limit_override" integer;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD COLUMN "limit_override_reason" text;--> statement-breakpoint
ALTER TABLE "extra_badge_orders" ADD CONSTRAINT "extra_badge_orders_exhibitor_id_exhibitors_id_fk" FOREIGN KEY ("exhibitor_id") REFERENCES "public"."exhibitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extra_badge_orders_status_created_idx" ON "extra_badge_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "extra_badge_orders_exhibitor_idx" ON "extra_badge_orders" USING btree ("exhibitor_id","status");--> statement-breakpoint
CREATE INDEX "exhibitors_booth_type_idx" ON "exhibitors" USING btree ("booth_type") WHERE limit_override is null;--> statement-breakpoint
ALTER TABLE "exhibitors" ADD CONSTRAINT "exhibitors_booth_area_check" CHECK (booth_area is null or booth_area > 0);--> statement-breakpoint
ALTER TABLE "exhibitors" ADD CONSTRAINT "exhibitors_limit_override_check" CHECK ((limit_override is null) = (limit_override_reason is null) and (limit_override is null or limit_override >= 0));--> statement-breakpoint
INSERT INTO "booth_quota_rules" ("booth_type", "area_per_badge", "minimum") VALUES ('RAW_SPACE', 9, 2), ('SHELL_SCHEME', 9, 2), ('CORNER', 9, 2), ('ISLAND', 9, 2);--> statement-breakpoint
UPDATE "exhibitors" SET "limit_override" = "credential_limit", "limit_override_reason" = '启用展位名额规则前设定 (set before booth quotas)' WHERE "status" <> 'PENDING' OR "credential_limit" > 0;--> statement-breakpoint
UPDATE "exhibitors" SET "credential_limit" = 2 WHERE "limit_override" IS NULL;
