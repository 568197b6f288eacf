CREATE INDEX "post_images_image_url_idx" ON "post_images" USING btree ("image_url");--> statement-breakpoint
CREATE INDEX "review_images_image_url_idx" ON "review_images" USING btree ("image_url");