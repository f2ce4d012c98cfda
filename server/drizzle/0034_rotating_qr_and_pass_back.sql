-- Rotating ticket QRs and pass-back (docs/decisions/0521-rotating-ticket-qr-and-pass-back.md). Adding qr_secret with
-- its volatile default rewrites the table and gives every existing ticket its own secret (no row trigger fires:
-- the feed versions stay); new tickets get theirs from the same default.
CREATE TABLE "ticket_exits" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"last_exit_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "qr_period_seconds" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_settings" ADD COLUMN "ticket_gate_rules" jsonb DEFAULT '{"VISITOR":{"rotating":true,"reentry":"UNLIMITED","cooldownMinutes":null},"BADGE":{"rotating":false,"reentry":"UNLIMITED","cooldownMinutes":null},"IMPORTED":{"rotating":false,"reentry":"UNLIMITED","cooldownMinutes":null}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "qr_secret" text DEFAULT substr(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 1, 40) NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "direction" text DEFAULT 'ENTRY' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_exits" ADD CONSTRAINT "ticket_exits_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;