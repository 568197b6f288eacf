ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_valid";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reply_to_user_id" text;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "post_comments" ADD COLUMN "reply_to_user_id" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_user_id_profiles_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_parent_id_post_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_reply_to_user_id_profiles_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_parent_created_idx" ON "comments" USING btree ("parent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_reply_to_user_id_idx" ON "comments" USING btree ("reply_to_user_id") WHERE "comments"."reply_to_user_id" is not null;--> statement-breakpoint
CREATE INDEX "post_comments_parent_created_idx" ON "post_comments" USING btree ("parent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "post_comments"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "post_comments_reply_to_user_id_idx" ON "post_comments" USING btree ("reply_to_user_id") WHERE "post_comments"."reply_to_user_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_valid" CHECK ("notifications"."type" in ('new_follower', 'new_comment', 'new_like', 'new_reply', 'content_hidden', 'follow_request'));