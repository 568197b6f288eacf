CREATE TABLE "for_you_dismissals" (
	"user_id" text NOT NULL,
	"restaurant_id" uuid NOT NULL,
	"dish_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "for_you_dismissals_pk" PRIMARY KEY("user_id","restaurant_id","dish_key")
);
--> statement-breakpoint
ALTER TABLE "for_you_dismissals" ADD CONSTRAINT "for_you_dismissals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "for_you_dismissals" ADD CONSTRAINT "for_you_dismissals_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "for_you_dismissals_restaurant_idx" ON "for_you_dismissals" USING btree ("restaurant_id");