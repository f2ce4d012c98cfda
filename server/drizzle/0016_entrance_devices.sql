CREATE TABLE "device_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"scan_id" text NOT NULL,
	"ticket_id" uuid,
	"admitted" boolean NOT NULL,
	"reason" text NOT NULL,
	"conflict" text,
	"offline" boolean NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"kind" text NOT NULL,
	"days" date[] DEFAULT '{}'::date[] NOT NULL,
	"ticket_kinds" text[] NOT NULL,
	"token_hash" text,
	"token_issued_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"clock_offset_ms" integer,
	"feed_version" bigint,
	"queued_scans" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "device_scans" ADD CONSTRAINT "device_scans_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_scans_scan_idx" ON "device_scans" USING btree ("device_id","scan_id");--> statement-breakpoint
CREATE INDEX "device_scans_device_time_idx" ON "device_scans" USING btree ("device_id","scanned_at");--> statement-breakpoint
CREATE INDEX "device_scans_device_ticket_idx" ON "device_scans" USING btree ("device_id","ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_token_hash_idx" ON "devices" USING btree ("token_hash");