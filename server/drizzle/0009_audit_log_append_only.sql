CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
-- The audit log is append-only for every role (issue 10 item 4): only the foreign key's own
-- ON DELETE SET NULL of actor_id (a cascade, so from inside another trigger) may change a row.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF pg_trigger_depth() > 1 AND OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
       AND (NEW.id, NEW.at, NEW.action, NEW.subject_type, NEW.subject_id, NEW.ip, NEW.request_id, NEW.detail::text)
           IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.action, OLD.subject_type, OLD.subject_id, OLD.ip, OLD.request_id, OLD.detail::text) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
