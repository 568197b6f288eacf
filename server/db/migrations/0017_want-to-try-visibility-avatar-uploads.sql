CREATE TABLE "avatar_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "want_to_try_visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "avatar_uploads" ADD CONSTRAINT "avatar_uploads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatar_uploads_user_idx" ON "avatar_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "avatar_uploads_created_idx" ON "avatar_uploads" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_want_to_try_visibility_valid" CHECK ("profiles"."want_to_try_visibility" in ('private', 'followers'));