CREATE TABLE "badge_prints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_by_id" uuid,
	"batch_id" uuid
);
--> statement-breakpoint
CREATE TABLE "badge_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"size" text NOT NULL,
	"orientation" text NOT NULL,
	"background_color" text NOT NULL,
	"text_color" text NOT NULL,
	"background_photo_id" uuid,
	"logo_photo_id" uuid,
	"fields" text[] NOT NULL,
	"label" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid
);
--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_printed_by_id_accounts_id_fk" FOREIGN KEY ("printed_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_templates" ADD CONSTRAINT "badge_templates_background_photo_id_photos_id_fk" FOREIGN KEY ("background_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_templates" ADD CONSTRAINT "badge_templates_logo_photo_id_photos_id_fk" FOREIGN KEY ("logo_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_templates" ADD CONSTRAINT "badge_templates_updated_by_id_accounts_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_prints_ticket_idx" ON "badge_prints" USING btree ("ticket_id","printed_at");