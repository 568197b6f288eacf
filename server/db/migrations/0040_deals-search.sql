DROP INDEX "deals_restaurant_tab_idx";--> statement-breakpoint
DROP INDEX "deals_feed_idx";--> statement-breakpoint
DROP INDEX "deals_profile_idx";--> statement-breakpoint
CREATE INDEX "deals_listed_end_idx" ON "deals" USING btree (coalesce("ends_at", 'infinity'::timestamptz)) WHERE not "deals"."is_hidden" and not "deals"."is_reported_gone";--> statement-breakpoint
CREATE INDEX "deals_restaurant_tab_idx" ON "deals" USING btree ("restaurant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,coalesce("ends_at", 'infinity'::timestamptz)) WHERE not "deals"."is_hidden" and not "deals"."is_reported_gone";--> statement-breakpoint
CREATE INDEX "deals_feed_idx" ON "deals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,coalesce("ends_at", 'infinity'::timestamptz)) WHERE not "deals"."is_hidden" and not "deals"."is_reported_gone";--> statement-breakpoint
CREATE INDEX "deals_profile_idx" ON "deals" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,coalesce("ends_at", 'infinity'::timestamptz)) WHERE not "deals"."is_hidden" and not "deals"."is_reported_gone";