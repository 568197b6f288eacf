CREATE TABLE "list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"review_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_follows" (
	"list_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_follows_pk" PRIMARY KEY("list_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"visibility" text NOT NULL,
	"share_key" text NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lists_share_key_unique" UNIQUE("share_key"),
	CONSTRAINT "lists_visibility_valid" CHECK ("lists"."visibility" in ('private', 'followers', 'link')),
	CONSTRAINT "lists_follower_count_non_negative" CHECK ("lists"."follower_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "list_entries" ADD CONSTRAINT "list_entries_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_entries" ADD CONSTRAINT "list_entries_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_entries" ADD CONSTRAINT "list_entries_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_follows" ADD CONSTRAINT "list_follows_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_follows" ADD CONSTRAINT "list_follows_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "list_entries_restaurant_unique" ON "list_entries" USING btree ("list_id","restaurant_id") WHERE "list_entries"."review_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "list_entries_review_unique" ON "list_entries" USING btree ("list_id","review_id");--> statement-breakpoint
CREATE INDEX "list_entries_list_position_idx" ON "list_entries" USING btree ("list_id","position");--> statement-breakpoint
CREATE INDEX "list_entries_restaurant_idx" ON "list_entries" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "list_entries_review_idx" ON "list_entries" USING btree ("review_id") WHERE "list_entries"."review_id" is not null;--> statement-breakpoint
CREATE INDEX "list_follows_user_created_idx" ON "list_follows" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lists_owner_updated_idx" ON "lists" USING btree ("owner_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);