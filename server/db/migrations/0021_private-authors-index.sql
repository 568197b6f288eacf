CREATE INDEX "profiles_private_idx" ON "profiles" USING btree ("id") WHERE "profiles"."is_private";--> statement-breakpoint
-- The content reach now checks authors against the viewer's walled private accounts once per
-- statement (server/modules/shared/author-visibility.ts); the per-row function goes.
DROP FUNCTION IF EXISTS tasted_privacy_wall(text, text);
