CREATE TABLE "follow_requests" (
	"requester_id" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_requests_pkey" PRIMARY KEY("requester_id","target_id"),
	CONSTRAINT "follow_requests_not_self" CHECK ("follow_requests"."requester_id" <> "follow_requests"."target_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_valid";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "follow_requests" ADD CONSTRAINT "follow_requests_requester_id_profiles_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_requests" ADD CONSTRAINT "follow_requests_target_id_profiles_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_requests_target_id_idx" ON "follow_requests" USING btree ("target_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_valid" CHECK ("notifications"."type" in ('new_follower', 'new_comment', 'new_like', 'content_hidden', 'follow_request'));--> statement-breakpoint
-- 1 when a private account's privacy keeps what `author` writes from `viewer` (null for a
-- visitor), 0 when the account is public or the viewer is its owner or follows it (added by
-- hand: drizzle-kit does not generate these). The content reach of visibleAuthorSql asks it per
-- row as `<> 1`. Written as subqueries, its primary-key and follow probes were pulled up into an
-- anti-join reading every profile, or priced so high that the planner read a whole index to hand
-- the filter fewer rows; a PL/pgSQL function is never inlined, so COST says what the probes
-- cost, and `<> 1` on a number lets the planner expect nearly every row to pass, as they do
-- (a boolean function is guessed to pass a third).
CREATE OR REPLACE FUNCTION tasted_privacy_wall(author text, viewer text) RETURNS smallint
  LANGUAGE plpgsql STABLE PARALLEL SAFE COST 1
  AS $$
BEGIN
  IF NOT coalesce((SELECT p.is_private FROM public.profiles p WHERE p.id = author), false) THEN
    RETURN 0;
  END IF;
  IF viewer IS NOT NULL AND (author = viewer OR EXISTS (
      SELECT 1 FROM public.follows f WHERE f.follower_id = viewer AND f.following_id = author)) THEN
    RETURN 0;
  END IF;
  RETURN 1;
END
$$;
