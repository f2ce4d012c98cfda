CREATE TABLE "visitor_group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text,
	"id_type" text NOT NULL,
	"id_number_hash" text NOT NULL,
	"id_number_last4" text NOT NULL,
	"activation_code_id" uuid NOT NULL,
	"account_id" uuid,
	"joined_at" timestamp with time zone,
	"join_attempts" integer DEFAULT 0 NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry_no" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"agent_mobile" text NOT NULL,
	"member_limit" integer NOT NULL,
	"code_batch" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_groups_code_batch_unique" UNIQUE("code_batch")
);
--> statement-breakpoint
ALTER TABLE "audiences" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "visitor_group_members" ADD CONSTRAINT "visitor_group_members_group_id_visitor_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."visitor_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_group_members" ADD CONSTRAINT "visitor_group_members_activation_code_id_activation_codes_id_fk" FOREIGN KEY ("activation_code_id") REFERENCES "public"."activation_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_group_members" ADD CONSTRAINT "visitor_group_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_groups" ADD CONSTRAINT "visitor_groups_created_by_id_accounts_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_group_members_mobile_unique" ON "visitor_group_members" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_group_members_account_unique" ON "visitor_group_members" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "visitor_group_members_group_idx" ON "visitor_group_members" USING btree ("group_id","entry_no");--> statement-breakpoint
CREATE INDEX "visitor_groups_agent_idx" ON "visitor_groups" USING btree ("agent_mobile");--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_group_id_visitor_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."visitor_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audiences_group_idx" ON "audiences" USING btree ("group_id");