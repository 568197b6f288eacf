-- Search that ignores accents (added by hand: drizzle-kit does not generate these).
-- unaccent is a trusted extension since PostgreSQL 13, so a database owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); ours never does, so this wrapper is
-- IMMUTABLE and may be used in index expressions. The schema-qualified dictionary keeps it
-- independent of search_path.
CREATE OR REPLACE FUNCTION tasted_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- 'simple' (no stemming, no stop words) with accents removed before each word is indexed.
CREATE TEXT SEARCH CONFIGURATION tasted_search (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION tasted_search
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
DROP INDEX "posts_title_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "restaurants_name_trgm_idx";--> statement-breakpoint
DROP INDEX "reviews_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "posts" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('tasted_search'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('tasted_search'::regconfig, coalesce(content, '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "profiles" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('tasted_search'::regconfig, coalesce(username, '')), 'A') || setweight(to_tsvector('tasted_search'::regconfig, coalesce(full_name, '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "restaurants" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('tasted_search'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('tasted_search'::regconfig, coalesce(address, '')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "reviews" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('tasted_search'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('tasted_search'::regconfig, coalesce(description, '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "posts_restaurant_tab_idx" ON "posts" USING btree ("restaurant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "posts"."is_hidden";--> statement-breakpoint
CREATE INDEX "reviews_restaurant_tab_idx" ON "reviews" USING btree ("restaurant_id","review_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "reviews"."is_hidden";--> statement-breakpoint
CREATE INDEX "reviews_restaurant_rating_idx" ON "reviews" USING btree ("restaurant_id","review_type","rating","created_at","id") WHERE not "reviews"."is_hidden";--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin (tasted_unaccent("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin (tasted_unaccent("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "restaurants_name_trgm_idx" ON "restaurants" USING gin (tasted_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_title_trgm_idx" ON "reviews" USING gin (tasted_unaccent("title") gin_trgm_ops);--> statement-breakpoint
-- Dropping the generated columns above dropped their GIN indexes; drizzle-kit does not know.
CREATE INDEX "posts_search_vector_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "profiles_search_vector_idx" ON "profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "restaurants_search_vector_idx" ON "restaurants" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "reviews_search_vector_idx" ON "reviews" USING gin ("search_vector");
