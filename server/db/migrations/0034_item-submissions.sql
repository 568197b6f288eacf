CREATE TABLE "item_submissions" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_submissions_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "item_submissions" ADD CONSTRAINT "item_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;