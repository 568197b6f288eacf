ALTER TABLE "reviews" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "rank_position" double precision;--> statement-breakpoint
CREATE INDEX "reviews_user_category_rank_idx" ON "reviews" USING btree ("user_id","category","rank_position") WHERE "reviews"."category" is not null;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_category_ranked" CHECK (("reviews"."category" is null) = ("reviews"."rank_position" is null)
          and ("reviews"."category" is null or ("reviews"."review_type" = 'dish' and length("reviews"."category") <= 40)));