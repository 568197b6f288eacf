CREATE TABLE "deal_votes" (
	"user_id" text NOT NULL,
	"deal_id" uuid NOT NULL,
	"vote" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_votes_pkey" PRIMARY KEY("user_id","deal_id"),
	CONSTRAINT "deal_votes_vote_valid" CHECK ("deal_votes"."vote" in ('still_on', 'gone'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_valid";--> statement-breakpoint
DROP INDEX "deals_restaurant_tab_idx";--> statement-breakpoint
DROP INDEX "deals_feed_idx";--> statement-breakpoint
DROP INDEX "deals_profile_idx";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "still_on_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "gone_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "is_reported_gone" boolean GENERATED ALWAYS AS (gone_count - still_on_count >= 3) STORED;--> statement-breakpoint
ALTER TABLE "deal_votes" ADD CONSTRAINT "deal_votes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_votes" ADD CONSTRAINT "deal_votes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_votes_deal_id_idx" ON "deal_votes" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "deals_restaurant_tab_idx" ON "deals" USING btree ("restaurant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "deals"."is_hidden" and not "deals"."is_reported_gone";--> statement-breakpoint
CREATE INDEX "deals_feed_idx" ON "deals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "deals"."is_hidden" and not "deals"."is_reported_gone";--> statement-breakpoint
CREATE INDEX "deals_profile_idx" ON "deals" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "deals"."is_hidden" and not "deals"."is_reported_gone";--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_still_on_count_non_negative" CHECK ("deals"."still_on_count" >= 0);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_gone_count_non_negative" CHECK ("deals"."gone_count" >= 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_valid" CHECK ("notifications"."type" in ('new_follower', 'new_comment', 'new_like', 'new_reply', 'new_mention', 'new_deal', 'content_hidden', 'follow_request', 'deal_gone'));