CREATE TABLE "import_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"review_id" uuid,
	"want_to_try_id" uuid,
	"restaurant_id" uuid,
	CONSTRAINT "import_items_one_target" CHECK (num_nonnulls("import_items"."review_id", "import_items"."want_to_try_id", "import_items"."restaurant_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"rows" jsonb,
	"added_reviews" integer DEFAULT 0 NOT NULL,
	"added_want" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "imports_format_valid" CHECK ("imports"."format" in ('csv', 'takeout')),
	CONSTRAINT "imports_status_valid" CHECK ("imports"."status" in ('preview', 'applied', 'undone')),
	CONSTRAINT "imports_rows_while_preview" CHECK (("imports"."rows" is not null) = ("imports"."status" = 'preview'))
);
--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_want_to_try_id_want_to_try_id_fk" FOREIGN KEY ("want_to_try_id") REFERENCES "public"."want_to_try"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_items_import_idx" ON "import_items" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "import_items_review_idx" ON "import_items" USING btree ("review_id") WHERE "import_items"."review_id" is not null;--> statement-breakpoint
CREATE INDEX "import_items_want_to_try_idx" ON "import_items" USING btree ("want_to_try_id") WHERE "import_items"."want_to_try_id" is not null;--> statement-breakpoint
CREATE INDEX "import_items_restaurant_idx" ON "import_items" USING btree ("restaurant_id") WHERE "import_items"."restaurant_id" is not null;--> statement-breakpoint
CREATE INDEX "imports_user_created_idx" ON "imports" USING btree ("user_id","created_at" DESC NULLS FIRST);