-- Photo addresses stored while an S3 bucket served photos itself name the bucket (its URL, or
-- S3_PUBLIC_URL) and are rewritten to the app's own /uploads/<key>, so every photo goes through
-- the media route's access check (ADR 0026, ADR 0036). Only the server ever writes these
-- columns, so any absolute address in them is such a bucket address, and its storage key is its
-- last three segments (photos|avatars/<user id>/<file>). Addresses already /uploads/… and
-- anything else are left as they are: run twice, it changes nothing the second time.
DO $$
DECLARE
  bucket_address constant text :=
    '^https?://.*/((photos|avatars)/[A-Za-z0-9][A-Za-z0-9_-]*/[A-Za-z0-9][A-Za-z0-9_.-]*)$';
  target record;
BEGIN
  FOR target IN
    SELECT * FROM (VALUES ('review_images', 'image_url'), ('post_images', 'image_url'),
                          ('deal_images', 'image_url'), ('image_uploads', 'image_url'),
                          ('profiles', 'avatar_url')) AS t(table_name, column_name)
  LOOP
    EXECUTE format('UPDATE %I SET %I = regexp_replace(%I, $1, $2) WHERE %I ~ $1',
                   target.table_name, target.column_name, target.column_name, target.column_name)
      USING bucket_address, '/uploads/\1';
  END LOOP;
END $$;
