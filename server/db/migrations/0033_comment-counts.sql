-- Issue 32: a hidden top-level comment's visible replies were still counted in its item's
-- comment_count, though its thread is not listed. Recount the items that have a hidden
-- top-level comment, by the rule comments.queries.ts keeps from now on.
UPDATE "reviews" r SET "comment_count" = (
  SELECT count(*) FROM "comments" c
   WHERE c."review_id" = r."id" AND NOT c."is_hidden"
     AND NOT EXISTS (SELECT 1 FROM "comments" hp WHERE hp."id" = c."parent_id" AND hp."is_hidden"))
 WHERE EXISTS (SELECT 1 FROM "comments" h
                WHERE h."review_id" = r."id" AND h."parent_id" IS NULL AND h."is_hidden");--> statement-breakpoint
UPDATE "posts" p SET "comment_count" = (
  SELECT count(*) FROM "post_comments" c
   WHERE c."post_id" = p."id" AND NOT c."is_hidden"
     AND NOT EXISTS (SELECT 1 FROM "post_comments" hp WHERE hp."id" = c."parent_id" AND hp."is_hidden"))
 WHERE EXISTS (SELECT 1 FROM "post_comments" h
                WHERE h."post_id" = p."id" AND h."parent_id" IS NULL AND h."is_hidden");
--> statement-breakpoint
UPDATE "deals" d SET "comment_count" = (
  SELECT count(*) FROM "deal_comments" c
   WHERE c."deal_id" = d."id" AND NOT c."is_hidden"
     AND NOT EXISTS (SELECT 1 FROM "deal_comments" hp WHERE hp."id" = c."parent_id" AND hp."is_hidden"))
 WHERE EXISTS (SELECT 1 FROM "deal_comments" h
                WHERE h."deal_id" = d."id" AND h."parent_id" IS NULL AND h."is_hidden");
