-- Reviews already posted were visited when they were posted (created_at's UTC date).
ALTER TABLE "reviews" ADD COLUMN "visited_on" date;--> statement-breakpoint
UPDATE "reviews" SET "visited_on" = ("created_at" at time zone 'UTC')::date;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "visited_on" SET DEFAULT (now() at time zone 'UTC')::date;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "visited_on" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_user_visited_idx" ON "reviews" USING btree ("user_id","visited_on" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
