-- The scan answer is kept as the JSON text that was sent, so that a retried scan id gets the same bytes
-- (jsonb reorders keys). Earlier answers keep jsonb's rendering of them.
ALTER TABLE "device_scans" ALTER COLUMN "answer" SET DATA TYPE text USING "answer"::text;
