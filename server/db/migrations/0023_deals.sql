CREATE TABLE "deal_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"image_url" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"placeholder" text,
	"alt_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_images_display_order_non_negative" CHECK ("deal_images"."display_order" >= 0),
	CONSTRAINT "deal_images_width_positive" CHECK ("deal_images"."width" > 0),
	CONSTRAINT "deal_images_height_positive" CHECK ("deal_images"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"title" text NOT NULL,
	"details" text,
	"time_zone" text NOT NULL,
	"ends_at" timestamp with time zone,
	"week_days" smallint,
	"starts_minute" smallint,
	"ends_minute" smallint,
	"last_day" date,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('tasted_search'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('tasted_search'::regconfig, coalesce(details, '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_like_count_non_negative" CHECK ("deals"."like_count" >= 0),
	CONSTRAINT "deals_comment_count_non_negative" CHECK ("deals"."comment_count" >= 0),
	CONSTRAINT "deals_schedule_shape" CHECK (("deals"."week_days" is null and "deals"."starts_minute" is null and "deals"."ends_minute" is null
            and "deals"."last_day" is null and "deals"."ends_at" is not null)
        or ("deals"."week_days" between 1 and 127
            and "deals"."starts_minute" between 0 and 1439 and "deals"."ends_minute" between 0 and 1439
            and "deals"."starts_minute" <> "deals"."ends_minute"
            and ("deals"."last_day" is null) = ("deals"."ends_at" is null)))
);
--> statement-breakpoint
ALTER TABLE "deal_images" ADD CONSTRAINT "deal_images_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_images_deal_order_idx" ON "deal_images" USING btree ("deal_id","display_order");--> statement-breakpoint
CREATE INDEX "deals_restaurant_tab_idx" ON "deals" USING btree ("restaurant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "deals"."is_hidden";--> statement-breakpoint
CREATE INDEX "deals_user_created_idx" ON "deals" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_search_vector_idx" ON "deals" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "deals_title_trgm_idx" ON "deals" USING gin (tasted_unaccent("title") gin_trgm_ops);