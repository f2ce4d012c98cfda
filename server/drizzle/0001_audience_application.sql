CREATE TABLE "admissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audience_id" uuid NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"gate" text,
	"re_entry" boolean DEFAULT false NOT NULL,
	"scan_id" text,
	"sequence" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "admissions_scan_id_unique" UNIQUE("scan_id")
);
--> statement-breakpoint
CREATE TABLE "audience_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_visit_dates" (
	"audience_id" uuid NOT NULL,
	"day" date NOT NULL,
	"admitted_at" timestamp with time zone,
	CONSTRAINT "audience_visit_dates_audience_id_day_pk" PRIMARY KEY("audience_id","day")
);
--> statement-breakpoint
CREATE TABLE "activation_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'UNUSED' NOT NULL,
	"batch" text,
	"bound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activation_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "show_days" (
	"day" date PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "id_type" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "id_number" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "entry_photo_id" uuid;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "id_photo_id" uuid;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "activation_code_id" uuid;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "refuse_reason" text;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "truth_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "sensitive_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "audience_update_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "retention_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_status_history" ADD CONSTRAINT "audience_status_history_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_status_history" ADD CONSTRAINT "audience_status_history_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_visit_dates" ADD CONSTRAINT "audience_visit_dates_audience_id_audiences_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admissions_audience_idx" ON "admissions" USING btree ("audience_id","at");--> statement-breakpoint
CREATE INDEX "audience_status_history_audience_idx" ON "audience_status_history" USING btree ("audience_id","at");--> statement-breakpoint
CREATE INDEX "audience_visit_dates_day_idx" ON "audience_visit_dates" USING btree ("day");--> statement-breakpoint
CREATE INDEX "activation_codes_status_idx" ON "activation_codes" USING btree ("status");--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_activation_code_id_activation_codes_id_fk" FOREIGN KEY ("activation_code_id") REFERENCES "public"."activation_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audiences_id_number_unique" ON "audiences" USING btree ("id_number");--> statement-breakpoint
CREATE UNIQUE INDEX "audiences_mobile_unique" ON "audiences" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "audiences_activation_code_unique" ON "audiences" USING btree ("activation_code_id");--> statement-breakpoint
CREATE INDEX "audiences_status_submitted_idx" ON "audiences" USING btree ("approve_status","submitted_at");--> statement-breakpoint
CREATE INDEX "audiences_submitted_idx" ON "audiences" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "audiences_channel_idx" ON "audiences" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "audiences_name_idx" ON "audiences" USING btree (lower("name"));