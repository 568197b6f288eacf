CREATE TABLE "want_to_try" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"dish_name" text,
	"dish_key" text,
	"source_review_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tried_at" timestamp with time zone,
	"tried_review_id" uuid,
	CONSTRAINT "want_to_try_kind_valid" CHECK ("want_to_try"."kind" in ('restaurant', 'dish')),
	CONSTRAINT "want_to_try_dish_has_key" CHECK (("want_to_try"."kind" = 'dish') = ("want_to_try"."dish_key" is not null)),
	CONSTRAINT "want_to_try_dish_has_name" CHECK (("want_to_try"."dish_name" is null) = ("want_to_try"."dish_key" is null)),
	CONSTRAINT "want_to_try_tried_review_when_tried" CHECK ("want_to_try"."tried_review_id" is null or "want_to_try"."tried_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "want_to_try" ADD CONSTRAINT "want_to_try_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_to_try" ADD CONSTRAINT "want_to_try_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_to_try" ADD CONSTRAINT "want_to_try_source_review_id_reviews_id_fk" FOREIGN KEY ("source_review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "want_to_try" ADD CONSTRAINT "want_to_try_tried_review_id_reviews_id_fk" FOREIGN KEY ("tried_review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "want_to_try_entry_unique" ON "want_to_try" USING btree ("user_id","restaurant_id","kind",coalesce("dish_key", ''));--> statement-breakpoint
CREATE INDEX "want_to_try_want_idx" ON "want_to_try" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "want_to_try"."tried_at" is null;--> statement-breakpoint
CREATE INDEX "want_to_try_tried_idx" ON "want_to_try" USING btree ("user_id","tried_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "want_to_try"."tried_at" is not null;--> statement-breakpoint
CREATE INDEX "want_to_try_restaurant_idx" ON "want_to_try" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "want_to_try_source_review_idx" ON "want_to_try" USING btree ("source_review_id") WHERE "want_to_try"."source_review_id" is not null;--> statement-breakpoint
CREATE INDEX "want_to_try_tried_review_idx" ON "want_to_try" USING btree ("tried_review_id") WHERE "want_to_try"."tried_review_id" is not null;