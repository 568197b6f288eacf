CREATE TABLE "restaurant_follows" (
	"user_id" text NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_follows_pk" PRIMARY KEY("user_id","restaurant_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_valid";--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "deals_at_followed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_follows" ADD CONSTRAINT "restaurant_follows_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_follows" ADD CONSTRAINT "restaurant_follows_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurant_follows_restaurant_idx" ON "restaurant_follows" USING btree ("restaurant_id","user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_valid" CHECK ("notifications"."type" in ('new_follower', 'new_comment', 'new_like', 'new_reply', 'new_mention', 'new_deal', 'content_hidden', 'follow_request'));--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_follower_count_nonnegative" CHECK ("restaurants"."follower_count" >= 0);