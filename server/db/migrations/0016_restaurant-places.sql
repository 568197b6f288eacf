ALTER TABLE "restaurants" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the places added before creators were recorded belong to whoever first wrote
-- about them (a review or a post), so they can give them a location.
UPDATE "restaurants" r SET "created_by" = (
  SELECT a.user_id FROM (
    SELECT user_id, created_at FROM "reviews" WHERE restaurant_id = r.id
    UNION ALL
    SELECT user_id, created_at FROM "posts" WHERE restaurant_id = r.id
  ) a ORDER BY a.created_at LIMIT 1);--> statement-breakpoint
-- Hand-written: half a pin is no pin (the check below refuses one).
UPDATE "restaurants" SET "latitude" = NULL, "longitude" = NULL
 WHERE ("latitude" IS NULL) <> ("longitude" IS NULL);--> statement-breakpoint
CREATE INDEX "restaurants_location_idx" ON "restaurants" USING btree ("latitude","longitude") WHERE "restaurants"."latitude" is not null and "restaurants"."longitude" is not null;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_location_pair" CHECK (("restaurants"."latitude" is null) = ("restaurants"."longitude" is null));