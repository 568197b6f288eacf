CREATE TABLE "post_mentions" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"handle" text NOT NULL,
	CONSTRAINT "post_mentions_pkey" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "review_mentions" (
	"review_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"handle" text NOT NULL,
	CONSTRAINT "review_mentions_pkey" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_mentions" ADD CONSTRAINT "post_mentions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_mentions" ADD CONSTRAINT "review_mentions_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_mentions" ADD CONSTRAINT "review_mentions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_mentions_user_id_idx" ON "post_mentions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_mentions_user_id_idx" ON "review_mentions" USING btree ("user_id");