-- The device form used to preselect visitors and staff only, so that a gate set up with its defaults turned
-- imported tickets away. Devices registered with that selection and never edited since (no device.update in
-- the audit log: nobody chose it on purpose) now admit every ticket kind, as a new device does.
UPDATE "devices" SET "ticket_kinds" = ARRAY['BADGE', 'IMPORTED', 'VISITOR']::text[], "updated_at" = now()
WHERE "ticket_kinds" = ARRAY['BADGE', 'VISITOR']::text[]
  AND NOT EXISTS (
    SELECT 1 FROM "audit_log"
    WHERE "audit_log"."subject_type" = 'device' AND "audit_log"."subject_id" = "devices"."id"::text AND "audit_log"."action" = 'device.update'
  );
