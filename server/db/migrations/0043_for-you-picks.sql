CREATE TABLE "for_you_picks" (
	"user_id" text NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"dish_key" text NOT NULL,
	"dish_name" text,
	"taste_people" text[] NOT NULL,
	"taste_weights" double precision[] NOT NULL,
	"followed_people" text[] NOT NULL,
	"followed_ratings" smallint[] NOT NULL,
	"lately_people" text[] NOT NULL,
	CONSTRAINT "for_you_picks_pk" PRIMARY KEY("user_id","restaurant_id","dish_key")
);
--> statement-breakpoint
CREATE TABLE "for_you_states" (
	"user_id" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"inputs" text NOT NULL,
	"neighbour_people" text[] NOT NULL,
	"neighbour_agreements" double precision[] NOT NULL,
	"most_lately" integer NOT NULL,
	"own_ratings" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "for_you_picks" ADD CONSTRAINT "for_you_picks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "for_you_picks" ADD CONSTRAINT "for_you_picks_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "for_you_states" ADD CONSTRAINT "for_you_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "for_you_picks_restaurant_idx" ON "for_you_picks" USING btree ("restaurant_id");