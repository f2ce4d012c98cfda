-- A badge's country is a code of the one country list (shared/src/country/countries.ts), as the catalog's is.
-- Names typed before the list existed become their code where they name a listed country; any other text stays
-- as typed (shown as it is) until the badge is next edited, when the form asks for a listed country.
UPDATE "badges" SET "country" = 'CN' WHERE "country" IN ('中国', '中国大陆', '中華人民共和國', '中华人民共和国', 'China', 'china', 'CHINA', 'PRC', 'P.R. China', 'Mainland China');--> statement-breakpoint
UPDATE "badges" SET "country" = 'HK' WHERE "country" IN ('中国香港', '香港', 'Hong Kong', 'Hong Kong, China');--> statement-breakpoint
UPDATE "badges" SET "country" = 'MO' WHERE "country" IN ('中国澳门', '澳门', 'Macao', 'Macau', 'Macao, China');--> statement-breakpoint
UPDATE "badges" SET "country" = 'TW' WHERE "country" IN ('中国台湾', '台湾', 'Taiwan', 'Taiwan, China');
