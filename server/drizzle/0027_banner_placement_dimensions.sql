ALTER TABLE "banner_placements" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "banner_placements" ADD COLUMN "height" integer;--> statement-breakpoint
-- The size was free text ("1920×600 px"): its numbers become the placement's rule. A text without two numbers
-- cannot be read as one: such a placement is closed (no new applications against a guessed size) with the
-- website carousel's 1920×600 until the organizer adds it again with its size.
UPDATE "banner_placements" SET "width" = (regexp_match("size", '(\d+)\s*[×xX*]\s*(\d+)'))[1]::integer, "height" = (regexp_match("size", '(\d+)\s*[×xX*]\s*(\d+)'))[2]::integer WHERE "size" ~ '\d+\s*[×xX*]\s*\d+';--> statement-breakpoint
UPDATE "banner_placements" SET "width" = 1920, "height" = 600, "size" = '1920×600 px', "active" = false WHERE "width" IS NULL;--> statement-breakpoint
ALTER TABLE "banner_placements" ALTER COLUMN "width" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_placements" ALTER COLUMN "height" SET NOT NULL;
