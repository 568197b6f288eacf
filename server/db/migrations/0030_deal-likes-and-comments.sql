CREATE TABLE "deal_comment_mentions" (
	"deal_comment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"handle" text NOT NULL,
	CONSTRAINT "deal_comment_mentions_pkey" PRIMARY KEY("deal_comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "deal_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"parent_id" uuid,
	"reply_to_user_id" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_likes" (
	"user_id" text NOT NULL,
	"deal_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_likes_pkey" PRIMARY KEY("user_id","deal_id")
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_subject_type_valid";--> statement-breakpoint
ALTER TABLE "user_reports" DROP CONSTRAINT "user_reports_reported_type_valid";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_comment_on_its_item";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_single_target";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deal_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_comment_mentions" ADD CONSTRAINT "deal_comment_mentions_deal_comment_id_deal_comments_id_fk" FOREIGN KEY ("deal_comment_id") REFERENCES "public"."deal_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_comment_mentions" ADD CONSTRAINT "deal_comment_mentions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_comments" ADD CONSTRAINT "deal_comments_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_comments" ADD CONSTRAINT "deal_comments_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_comments" ADD CONSTRAINT "deal_comments_parent_id_deal_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."deal_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_comments" ADD CONSTRAINT "deal_comments_reply_to_user_id_profiles_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_likes" ADD CONSTRAINT "deal_likes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_likes" ADD CONSTRAINT "deal_likes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_comment_mentions_user_id_idx" ON "deal_comment_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deal_comments_deal_created_idx" ON "deal_comments" USING btree ("deal_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deal_comments_parent_created_idx" ON "deal_comments" USING btree ("parent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "deal_comments"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "deal_comments_user_deal_idx" ON "deal_comments" USING btree ("user_id","deal_id");--> statement-breakpoint
CREATE INDEX "deal_comments_reply_to_user_id_idx" ON "deal_comments" USING btree ("reply_to_user_id") WHERE "deal_comments"."reply_to_user_id" is not null;--> statement-breakpoint
CREATE INDEX "deal_likes_deal_id_idx" ON "deal_likes" USING btree ("deal_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deal_comment_id_deal_comments_id_fk" FOREIGN KEY ("deal_comment_id") REFERENCES "public"."deal_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_images_image_url_idx" ON "deal_images" USING btree ("image_url");--> statement-breakpoint
CREATE INDEX "notifications_deal_id_idx" ON "notifications" USING btree ("deal_id") WHERE "notifications"."deal_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_deal_comment_id_idx" ON "notifications" USING btree ("deal_comment_id") WHERE "notifications"."deal_comment_id" is not null;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_subject_type_valid" CHECK ("moderation_actions"."subject_type" in ('review', 'post', 'deal', 'comment', 'post_comment', 'deal_comment', 'user'));--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_reported_type_valid" CHECK ("user_reports"."reported_type" in ('review', 'post', 'deal', 'comment', 'post_comment', 'deal_comment', 'user'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_on_its_item" CHECK (("notifications"."comment_id" is null or "notifications"."review_id" is not null)
        and ("notifications"."post_comment_id" is null or "notifications"."post_id" is not null)
        and ("notifications"."deal_comment_id" is null or "notifications"."deal_id" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_single_target" CHECK (num_nonnulls("notifications"."review_id", "notifications"."post_id", "notifications"."deal_id") <= 1);