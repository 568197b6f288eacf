CREATE TABLE "comment_mentions" (
	"comment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"handle" text NOT NULL,
	CONSTRAINT "comment_mentions_pkey" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "post_comment_mentions" (
	"post_comment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"handle" text NOT NULL,
	CONSTRAINT "post_comment_mentions_pkey" PRIMARY KEY("post_comment_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_valid";--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comment_mentions" ADD CONSTRAINT "post_comment_mentions_post_comment_id_post_comments_id_fk" FOREIGN KEY ("post_comment_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comment_mentions" ADD CONSTRAINT "post_comment_mentions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_mentions_user_id_idx" ON "comment_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_comment_mentions_user_id_idx" ON "post_comment_mentions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_valid" CHECK ("notifications"."type" in ('new_follower', 'new_comment', 'new_like', 'new_reply', 'new_mention', 'content_hidden', 'follow_request'));