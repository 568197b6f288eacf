ALTER TABLE "restaurants" ADD COLUMN "place_source" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_place_source_valid" CHECK ("restaurants"."place_source" in ('google', 'osm'));--> statement-breakpoint
-- Places a provider vouched for say whose they are by their place id; a city filled from a pin
-- before this column existed cannot be told apart from one read off the address, and stays
-- uncredited until the place's location is next saved.
UPDATE "restaurants" SET "place_source" = CASE WHEN "google_place_id" LIKE 'osm:%' THEN 'osm' ELSE 'google' END
 WHERE "google_place_id" IS NOT NULL;
