DROP INDEX "deals_feed_idx";--> statement-breakpoint
DROP INDEX "posts_feed_idx";--> statement-breakpoint
DROP INDEX "reviews_feed_idx";--> statement-breakpoint
CREATE INDEX "deals_feed_idx" ON "deals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,coalesce("ends_at", 'infinity'::timestamptz),"user_id") WHERE not "deals"."is_hidden" and not "deals"."is_reported_gone";--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE not "posts"."is_hidden";--> statement-breakpoint
CREATE INDEX "reviews_feed_idx" ON "reviews" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"user_id") WHERE not "reviews"."is_hidden";